import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_BAD_CONFIG } from '@elts/platform';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'elts-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function start(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

// A stack trace line ("    at loadConfigs (file:...)"): bad settings are an operator's problem, not a crash.
const STACK_LINE = /^\s+at /m;

describe('start-up with bad settings', () => {
  it('stops the all-in-one process with EX_CONFIG before opening anything, naming the process and every service setting at once', () => {
    const dataDir = join(scratch, 'never-opened');
    const result = start('gateway/src/main-all-in-one.ts', {
      DATA_DIR: dataDir,
      PORT: 'eighty',
      ADMIN_PASSWORD: 'tiny-pw',
      PAYMENT_TIMEOUT_SECONDS: 'x',
    });
    expect(result.status).toBe(EXIT_BAD_CONFIG);
    expect(result.stderr).toContain('all-in-one cannot start');
    for (const name of ['PORT', 'ADMIN_PASSWORD', 'PAYMENT_TIMEOUT_SECONDS']) expect(result.stderr).toContain(`  - ${name}:`);
    expect(result.stderr).not.toContain('tiny-pw');
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('stops a production all-in-one without real sign-in and payment providers, and a partial Blue Dart set, before opening anything', () => {
    const dataDir = join(scratch, 'production-never-opened');
    const result = start('gateway/src/main-all-in-one.ts', {
      NODE_ENV: 'production',
      SERVICE_TOKEN: 'a'.repeat(40),
      DATA_DIR: dataDir,
      BLUEDART_CLIENT_ID: 'only-this-one',
    });
    expect(result.status).toBe(EXIT_BAD_CONFIG);
    expect(result.stderr).toContain('  - GOOGLE_CLIENT_ID: required in production');
    expect(result.stderr).toContain('  - CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: required in production');
    expect(result.stderr).toContain('set all four or none');
    expect(result.stderr).not.toContain('only-this-one');
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names every bad process setting and echoes no value', () => {
    const secretish = 'mysql://admin:hunter2@db/x';
    const result = start('gateway/src/main-all-in-one.ts', {
      PORT: 'eighty',
      DATABASE_URL: secretish,
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
    });
    expect(result.status).toBe(EXIT_BAD_CONFIG);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'NODE_ENV']) expect(result.stderr).toContain(`${name}:`);
    expect(result.stderr + result.stdout).not.toContain('hunter2');
  });

  it('stops a distributed gateway that does not know where the services are, listing its other bad settings too', () => {
    const result = start('gateway/src/main.ts', { IDENTITY_URLS: 'http://127.0.0.1:4101', PORT: 'eighty' });
    expect(result.status).toBe(EXIT_BAD_CONFIG);
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('CATALOG_URLS: required but not set');
    expect(result.stderr).toContain('ADMIN_BFF_URLS: required but not set');
    expect(result.stderr).toContain('SERVICE_TOKEN: required but not set');
    expect(result.stderr).not.toContain('IDENTITY_URLS');
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('stops a service in production without a service token, with its own bad settings in the same list', () => {
    const dataDir = join(scratch, 'identity-never-opened');
    const result = start('services/identity/src/main.ts', {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'tiny-pw',
    });
    expect(result.status).toBe(EXIT_BAD_CONFIG);
    expect(result.stderr).toContain('SERVICE_TOKEN: required in production');
    expect(result.stderr).toContain('ADMIN_PASSWORD: must be at least 12 characters');
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(dataDir)).toBe(false);
  });
});
