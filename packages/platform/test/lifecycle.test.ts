import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { closeServer, listen } from '../src/index.js';

function get(port: number, agent: Agent): Promise<{ status: number; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a client reusing it is answered', async () => {
    const { server, port } = await listen(
      new Hono().get('/', (c) => c.text('ok')),
      0,
      '127.0.0.1',
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(port, agent);
      await new Promise((resolve) => setTimeout(resolve, 6500));
      const second = await get(port, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same socket: the server did not close it while it sat idle.
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  }, 15_000);
});

describe('a server process', () => {
  it('logs a promise rejection nobody handled and carries on serving, instead of dying of it', () => {
    // A process as every main starts one (exitOnSignals ends each start-up), where a stray promise then rejects.
    const script = `
      import { createLogger, exitOnSignals } from '@elts/platform';
      const logger = createLogger({ name: 'probe', level: 'info', pretty: false });
      exitOnSignals(logger, async () => {});
      Promise.reject(new Error('a query nobody awaited failed'));
      setTimeout(() => { console.log('still serving'); process.exit(0); }, 200);
    `;
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).not.toContain('a query nobody awaited failed');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('still serving');
    const line = result.stdout.split('\n').find((text) => text.includes('unhandled promise rejection'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 'error', err: { message: 'a query nobody awaited failed' } });
  });
});
