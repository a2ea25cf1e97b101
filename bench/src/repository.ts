/** What the bench's reports say of the repository they were measured in. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The commit measured (short), or 'unknown' outside a git checkout. */
export function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', cwd: ROOT }).trim();
  } catch {
    return 'unknown';
  }
}

/** The repository's formatter aligns Markdown tables; a generated file is kept as `biome check` wants it. */
export function formatMarkdown(file: string): void {
  try {
    execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore', cwd: ROOT });
  } catch {
    // Formatting is cosmetic: the results stand without it.
  }
}
