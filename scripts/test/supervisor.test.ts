import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ProcessPlan } from '../src/distributed-plan.js';
import { supervise } from '../src/supervisor.js';

const node = (label: string, script: string): ProcessPlan => ({ label, args: ['-e', script], env: {} });

describe('supervisor', () => {
  it('restarts a process that dies, but not one that stopped on its settings (exit 78): it stops everything instead', async () => {
    const lines: string[] = [];
    const running = supervise(
      [
        node('crashes', 'setTimeout(() => process.exit(1), 50)'),
        node(
          'misconfigured',
          "setTimeout(() => { console.error('x cannot start: bad or missing settings:\\n  - PORT: bad'); process.exit(78) }, 4000)",
        ),
        node('healthy', 'setInterval(() => {}, 1000)'),
      ],
      process.cwd(),
      { PATH: process.env.PATH },
      (line) => lines.push(line),
    );
    try {
      // The crashing one is restarted after its 1 s pause, before the misconfigured one gives up.
      await expect.poll(() => running.starts('crashes'), { timeout: 3800 }).toBeGreaterThan(1);
      const { label } = await running.badConfig;
      expect(label).toBe('misconfigured');
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(running.starts('misconfigured')).toBe(1);
      await expect(running.kill('healthy')).rejects.toThrow('no running process');
      const said = lines.join('\n');
      expect(said).toContain('[misconfigured]   - PORT: bad');
      expect(said.indexOf('PORT: bad')).toBeLessThan(said.indexOf('[misconfigured] stopped on its settings'));
    } finally {
      await running.stop();
    }
  });

  it('freezes and thaws a process by its label, and still stops one left frozen', async () => {
    const lines: string[] = [];
    const running = supervise(
      [node('ticking', 'setInterval(() => console.log("tick"), 20)')],
      process.cwd(),
      { PATH: process.env.PATH },
      (line) => lines.push(line),
    );
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
      running.signal('ticking', 'SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const frozenAt = lines.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines.length).toBe(frozenAt);
      running.signal('ticking', 'SIGCONT');
      await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThan(frozenAt);
      running.signal('ticking', 'SIGSTOP');
      expect(() => running.signal('elsewhere', 'SIGCONT')).toThrow('no running process');
    } finally {
      await running.stop();
    }
    expect(running.starts('ticking')).toBe(1);
  });

  it('stops npm run start:distributed itself with 78 when its own settings are bad, before touching any server', () => {
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/src/start-distributed.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH, PORT: 'eighty', INSTANCES_ORDERS: 'lots', POSTGRES_URL: 'mysql://x' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('start:distributed cannot start');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('POSTGRES_URL:');
    expect(result.stderr).toContain('INSTANCES_ORDERS: must be a whole number from 1 to 8');
  });
});
