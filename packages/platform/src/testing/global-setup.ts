import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/pglite.js';
import { findNats, findPostgres } from './services-probe.js';
import './provided-context.js';

/** Runs once per test run: finds the servers and prepares a PGlite template so each test file starts in ~1 s. */
export default async function setup(project: TestProject) {
  const [postgres, nats] = await Promise.all([findPostgres(), findNats()]);
  const engine = await openPglite(undefined);
  const template = await engine.pglite.dumpDataDir('none');
  await engine.close();
  const templatePath = join(tmpdir(), `elts-pglite-template-${process.pid}.tar`);
  await writeFile(templatePath, Buffer.from(await template.arrayBuffer()));

  project.provide('testPostgresUrl', postgres?.url ?? '');
  project.provide('testNatsUrl', nats?.url ?? '');
  project.provide('pgliteTemplatePath', templatePath);
  const describe = (name: string, found: { source: string } | undefined, setting: string) =>
    found ? `${name}: ${found.source}` : `${name}: NOT FOUND, its adapter suites are skipped (set ${setting})`;
  console.log(
    `\n[test infrastructure] ${describe('PostgreSQL', postgres, 'TEST_DATABASE_URL')}; ${describe('NATS JetStream', nats, 'TEST_NATS_URL')}\n`,
  );

  return async () => {
    await rm(templatePath, { force: true });
    await postgres?.stop?.();
    await nats?.stop?.();
  };
}
