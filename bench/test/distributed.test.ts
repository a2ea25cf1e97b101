import { describe, expect, it } from 'vitest';
import { distributedFigures } from '../src/api-cost.js';
import { CpuMeter, relocate } from '../src/distributed.js';
import type { RouteCost } from '../src/load.js';
import { verdict } from '../src/stats.js';

const cost = (cpuUsPerRequest: number, parts?: Record<string, number>): RouteCost => ({
  cpuUsPerRequest,
  p99Ms: 10,
  requestsPerSecond: 1000,
  idleUsPerS: 0,
  failures: 0,
  ...(parts ? { parts } : {}),
  runs: [{ cpuUsPerRequest, p99Ms: 10, requests: 3000 }],
});

describe('the distributed topology in the API cost benchmark', () => {
  it('moves every service off its fixed port, in its own PORT and in every URL naming it, and runs the sources', () => {
    const plans = relocate(
      [
        {
          label: 'orders#1',
          args: ['services/orders/dist/main.js'],
          env: {
            PORT: '4103',
            IDENTITY_URLS: 'http://127.0.0.1:4101',
            ORDERS_URLS: 'http://127.0.0.1:4103',
            NATS_URL: 'nats://127.0.0.1:4222',
          },
        },
        { label: 'gateway#1', args: ['gateway/dist/main.js'], env: { PORT: '39001', ORDERS_URLS: 'http://127.0.0.1:4103' } },
      ],
      { 4101: 41011, 4103: 41033 },
    );
    expect(plans[0]).toEqual({
      label: 'orders#1',
      args: ['--conditions=source', '--import', 'tsx', 'services/orders/src/main.ts'],
      env: {
        PORT: '41033',
        IDENTITY_URLS: 'http://127.0.0.1:41011',
        ORDERS_URLS: 'http://127.0.0.1:41033',
        NATS_URL: 'nats://127.0.0.1:4222',
      },
    });
    expect(plans[1]?.args).toEqual(['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts']);
    expect(plans[1]?.env).toEqual({ PORT: '39001', ORDERS_URLS: 'http://127.0.0.1:41033' });
  });

  it('sums CPU over processes that come and go without ever counting backwards', () => {
    const meter = new CpuMeter();
    const cpu: Record<number, number | undefined> = { 1: 100, 2: 50 };
    expect(meter.update([1, 2], (pid) => cpu[pid])).toBe(150);
    // Backend 2 ended (its last reading stays), backend 3 appeared (counted from its start).
    cpu[1] = 180;
    cpu[2] = undefined;
    cpu[3] = 20;
    expect(meter.update([1, 2, 3], (pid) => cpu[pid])).toBe(250);
    // A pid no longer listed keeps its last reading too.
    expect(meter.update([1], (pid) => cpu[pid])).toBe(250);
  });

  it("prints each route's cost against the baseline and against the all-in-one, the latter with the 2× target", () => {
    const figures = distributedFigures(
      cost(40),
      { 'visitor deals board': cost(300), 'POST /user/get-profile': cost(2000) },
      { 'visitor deals board': cost(450, { postgres: 0 }), 'POST /user/get-profile': cost(5000, { postgres: 1200 }) },
    );
    const visitor = figures.find((figure) => figure.label === 'distributed, visitor deals board: CPU ÷ all-in-one');
    expect(visitor).toMatchObject({ value: 1.5, target: { op: '<=', value: 2 } });
    expect(verdict(visitor!)).toBe('met');
    const profile = figures.find((figure) => figure.label === 'distributed, POST /user/get-profile: CPU ÷ all-in-one');
    expect(profile?.value).toBe(2.5);
    expect(verdict(profile!)).toBe('MISSED');
    expect(figures.find((figure) => figure.label === 'distributed, POST /user/get-profile: CPU ÷ baseline')?.value).toBe(125);
    expect(figures.find((figure) => figure.label === 'distributed, POST /user/get-profile: CPU per request')?.note).toBe(
      'PostgreSQL 1200 µs of it',
    );
  });
});
