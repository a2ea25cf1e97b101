import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function start(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('start-up with bad settings', () => {
  it('stops the all-in-one process, naming every bad setting and echoing no value', () => {
    const secretish = 'mysql://admin:hunter2@db/x';
    const result = start('gateway/src/main-all-in-one.ts', {
      PORT: 'eighty',
      DATABASE_URL: secretish,
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('all-in-one cannot start');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'NODE_ENV']) expect(result.stderr).toContain(`${name}:`);
    expect(result.stderr + result.stdout).not.toContain('hunter2');
  });

  it('stops a distributed gateway that does not know where the services are', () => {
    const result = start('gateway/src/main.ts', { IDENTITY_URLS: 'http://127.0.0.1:4101' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CATALOG_URLS: required but not set');
    expect(result.stderr).toContain('ADMIN_BFF_URLS: required but not set');
    expect(result.stderr).not.toContain('IDENTITY_URLS');
  });

  it('stops a service in production without a service token', () => {
    const result = start('services/identity/src/main.ts', { NODE_ENV: 'production', PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SERVICE_TOKEN: required in production');
  });
});
