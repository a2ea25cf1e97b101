import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SchedulerCalls, startAdminBff } from './helpers.js';

/** Every back-office call admin-bff answers, with a body where it takes one. */
const ENDPOINTS: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/admin/users' },
  { method: 'GET', path: '/admin/users/export' },
  { method: 'GET', path: '/admin/payments' },
  { method: 'GET', path: '/admin/payments/stats' },
  { method: 'GET', path: '/admin/payments/timeouts' },
  { method: 'GET', path: '/admin/payments/timeout-analysis?days=7' },
  { method: 'GET', path: '/admin/product-orders' },
  { method: 'GET', path: '/admin/product-orders/stats' },
  { method: 'GET', path: '/admin/subscriptions' },
  { method: 'GET', path: '/admin/subscriptions/stats' },
  { method: 'GET', path: '/admin/cron/status' },
  { method: 'POST', path: '/admin/cron/trigger', body: { mode: 'light' } },
  { method: 'POST', path: '/admin/cron/control', body: { action: 'stop' } },
  { method: 'GET', path: '/admin/audit' },
  { method: 'GET', path: '/admin/messages' },
  { method: 'GET', path: '/admin/projections/status' },
  { method: 'POST', path: '/admin/projections/rebuild' },
];

describe.each(DATABASE_KINDS)('who may call the back office, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };
  let calls: SchedulerCalls;

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin, calls } = await startAdminBff(kind));
  });
  afterAll(async () => harness?.close());

  const refusals = [
    { who: 'nobody', token: () => undefined },
    { who: 'a member', token: () => harness.memberSession().token },
    { who: 'a made-up token', token: () => 'admin-not-a-real-session' },
  ];

  for (const { method, path, body } of ENDPOINTS) {
    for (const { who, token } of refusals) {
      it.runIf(available)(`${method} ${path} refuses ${who} with 401 'Authentication required'`, async () => {
        const sent = token();
        const response = await harness.json(path, { method, ...(sent ? { token: sent } : {}), ...(body ? { body } : {}) });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ is_success: false, error: 'Authentication required' });
      });
    }
  }

  it.runIf(available)('checks the session before reading the input: a bad body or query still answers 401', async () => {
    const member = harness.memberSession().token;
    for (const [path, init] of [
      ['/admin/cron/trigger', { method: 'POST', body: { mode: 'everything' } }],
      ['/admin/cron/control', { method: 'POST', body: {} }],
      ['/admin/cron/steps/retry', { method: 'POST', body: { type: 'payment.timeout', key: 'x' } }],
      ['/admin/cron/steps/give-up', { method: 'POST', body: { type: 'payment.timeout', key: 'x' } }],
      ['/admin/payments?status=bogus', {}],
      ['/admin/payments/timeout-analysis?days=3', {}],
      ['/admin/users?sort=password', {}],
    ] as const) {
      for (const token of [undefined, member]) {
        const response = await harness.json(path, { ...init, ...(token ? { token } : {}) });
        expect(response.status, `${path} as ${token ? 'a member' : 'nobody'}`).toBe(401);
        expect(response.body.error).toBe('Authentication required');
      }
    }
    // Nothing reached the scheduler.
    expect(calls).toEqual({ triggers: [], controls: [], steps: [], orderSteps: [] });
  });

  it.runIf(available)('answers an admin on every endpoint', async () => {
    for (const { method, path, body } of ENDPOINTS) {
      const response = await harness.request(path, { method, token: admin.token, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(200);
      await response.arrayBuffer();
    }
  });
});
