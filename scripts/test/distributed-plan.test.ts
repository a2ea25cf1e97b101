import { describe, expect, it } from 'vitest';
import { distributedSettings, planDistributed } from '../src/distributed-plan.js';

describe('distributed plan', () => {
  const config = distributedSettings.parse({});

  it('starts every service and the gateway, each service on its own database', () => {
    const plans = planDistributed(config, 't'.repeat(40), {});
    expect(plans.map((p) => p.label)).toEqual([
      'identity#1',
      'catalog#1',
      'orders#1',
      'payments#1',
      'admin-bff#1',
      'gateway#1',
      'cashfree-emulator',
    ]);
    const orders = plans.find((p) => p.label === 'orders#1')!;
    expect(orders.env).toMatchObject({
      PORT: '4103',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/elts_orders',
      NATS_URL: 'nats://127.0.0.1:4222',
      ORDERS_URLS: 'http://127.0.0.1:4103',
    });
    expect(plans.find((p) => p.label === 'gateway#1')!.env).toMatchObject({ PORT: '3000', ADMIN_BFF_URLS: 'http://127.0.0.1:4105' });
  });

  it('runs two instances of a service when INSTANCES_<SERVICE>=2, and tells everyone both addresses', () => {
    const plans = planDistributed(config, 't'.repeat(40), { INSTANCES_ORDERS: '2', INSTANCES_GATEWAY: '2' });
    expect(plans.filter((p) => p.label.startsWith('orders#')).map((p) => p.env.PORT)).toEqual(['4103', '4203']);
    expect(plans.filter((p) => p.label.startsWith('gateway#')).map((p) => p.env.PORT)).toEqual(['3000', '3001']);
    for (const plan of plans) expect(plan.env.ORDERS_URLS).toBe('http://127.0.0.1:4103,http://127.0.0.1:4203');
    // Both instances share one database: instances of a service are copies, not shards.
    const [a, b] = plans.filter((p) => p.label.startsWith('orders#'));
    expect(a!.env.DATABASE_URL).toBe(b!.env.DATABASE_URL);
    // Each is named by its label, which its restarts keep: what it was running when it died is its own to take back.
    expect([a!.env.INSTANCE_NAME, b!.env.INSTANCE_NAME]).toEqual(['orders#1', 'orders#2']);
  });

  it("runs one Cashfree emulator for every payments instance without Cashfree's credentials, and none with them", () => {
    const plans = planDistributed(config, 't'.repeat(40), { INSTANCES_PAYMENTS: '2' });
    const emulator = plans.find((p) => p.label === 'cashfree-emulator')!;
    expect(emulator.args).toEqual(['services/payments/dist/cashfree-emulator-main.js']);
    expect(emulator.env).toMatchObject({
      PORT: '4190',
      // Its records are kept in payments' database; its webhooks go to the dashboard's endpoint, a gateway's.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/elts_payments',
      CASHFREE_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:3000/webhooks/cashfree',
    });
    const payments = plans.filter((p) => p.label.startsWith('payments#'));
    expect(payments).toHaveLength(2);
    for (const plan of payments) {
      expect(plan.env).toMatchObject({
        CASHFREE_BASE_URL: 'http://127.0.0.1:4190/pg',
        CASHFREE_HOSTED_PAGES_URL: 'http://127.0.0.1:4190/pay/simulator',
        CASHFREE_CLIENT_ID: emulator.env.CASHFREE_CLIENT_ID,
        CASHFREE_CLIENT_SECRET: emulator.env.CASHFREE_CLIENT_SECRET,
      });
      expect(plan.env.PAYMENTS_WITHOUT_CASHFREE).toBeUndefined();
    }
    // Another topology's emulator signs with another secret.
    const other = planDistributed(config, 'u'.repeat(40), {}).find((p) => p.label === 'cashfree-emulator')!;
    expect(other.env.CASHFREE_CLIENT_SECRET).not.toBe(emulator.env.CASHFREE_CLIENT_SECRET);

    const withCashfree = planDistributed(config, 't'.repeat(40), { CASHFREE_CLIENT_ID: 'live-id', CASHFREE_CLIENT_SECRET: 'live' });
    expect(withCashfree.some((p) => p.label === 'cashfree-emulator')).toBe(false);
    expect(withCashfree.find((p) => p.label === 'payments#1')!.env.CASHFREE_BASE_URL).toBeUndefined();
  });

  it('adds the workflow worker, told where payments is, when TEMPORAL_ADDRESS is set', () => {
    expect(planDistributed(config, 't'.repeat(40), {}).some((p) => p.label === 'worker')).toBe(false);
    const worker = planDistributed(config, 't'.repeat(40), { TEMPORAL_ADDRESS: '127.0.0.1:7233' }).find((p) => p.label === 'worker');
    expect(worker).toMatchObject({
      args: ['workflows/dist/worker.js'],
      env: { PAYMENTS_URLS: 'http://127.0.0.1:4104', SERVICE_TOKEN: 't'.repeat(40) },
    });
  });

  it('refuses a bad instance count', () => {
    expect(() => planDistributed(config, 't'.repeat(40), { INSTANCES_IDENTITY: 'many' })).toThrow('INSTANCES_IDENTITY');
  });
});
