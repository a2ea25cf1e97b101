import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  name: string;
  raw: number;
  gzip: number;
}

/** Bytes as the budget counts them: kilobytes of 1,000 bytes, one decimal. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function gzipSize(body: Uint8Array): number {
  return gzipSync(body, { level: 9 }).length;
}

/** Every script and style sheet a build folder holds, with its gzipped size. */
export async function buildFiles(dir: string): Promise<FileSize[]> {
  const names = (await readdir(dir)).filter((name) => /\.(js|css)$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const body = await readFile(join(dir, name));
      return { name, raw: body.length, gzip: gzipSize(body) };
    }),
  );
}

/** A fixed-width table row. */
export function row(label: string, ...cells: string[]): string {
  return `  ${label.padEnd(34)}${cells.map((cell) => cell.padStart(12)).join('')}`;
}
