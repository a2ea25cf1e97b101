import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closeServer, listen } from '@elts/platform';
import { closedPort, eventually, type ServiceProcess, startServiceProcess, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { ordersStandIn } from './helpers.js';

const memberId = '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a000001';
const principal = JSON.stringify({ member: { id: memberId, sessionId: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a000002' } });

/** The poll interval, plus a step's own work and a busy shared machine: "on time" means within this of the deadline. */
const ON_TIME_MS = 1500;
// The settings refuse an at-risk mark (the back office's reading, decision 0043) that is not before the timeout.
const AT_RISK_SECONDS = 15;
const TIMEOUT_SECONDS = 20;

interface PaymentTimeline {
  timeoutAt: Date;
  failed: Date;
}

/**
 * A membership starts only for a member payments knows (names, a served pincode), and a lone payments process hears
 * no identity events: the member's profile is written into its stopped database, as the identity consumer would.
 */
async function seedMemberProfile(dataDir: string): Promise<void> {
  const db = await PGlite.create(join(dataDir, 'payments', 'pglite', 'pgdata'));
  try {
    await db.query(
      `insert into payments.member_profiles (member_id, email, firstname, lastname, mobile, address, profession_address, pincode, gst)
       values ($1, 'asha@example.in', 'Asha', 'Rao', '9876543210', '12 MG Road', '12 MG Road', '403001', '')`,
      [memberId],
    );
  } finally {
    await db.close();
  }
}

/** Reads the payment's deadline and when its failure was recorded, from the stopped service's data. */
async function timelineIn(dataDir: string): Promise<PaymentTimeline> {
  const db = await PGlite.create(join(dataDir, 'payments', 'pglite', 'pgdata'));
  try {
    const { rows } = await db.query<{ type: string; data: { timeoutAt?: string }; recorded_at: Date }>(
      `select type, data, recorded_at from payments.events where stream_id like 'payment-%' order by position`,
    );
    const at = (type: string) => rows.find((row) => row.type === type);
    const initiated = at('PaymentInitiated')?.data;
    return { timeoutAt: new Date(initiated?.timeoutAt as string), failed: at('PaymentFailed')?.recorded_at as Date };
  } finally {
    await db.close();
  }
}

describe('the embedded workflow driver across a crash', () => {
  const processes: ServiceProcess[] = [];
  let dataDir: string;
  // The orders service's pincode directory, asked before a membership starts.
  let orders: Awaited<ReturnType<typeof listen>> | undefined;
  afterAll(async () => {
    for (const running of processes) await running.crash();
    if (orders) await closeServer(orders.server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function startPayments(port: number) {
    const running = await startServiceProcess('services/payments/src/main.ts', port, {
      DATA_DIR: dataDir,
      SERVICE_TOKEN: TEST_SERVICE_TOKEN,
      PAYMENT_AT_RISK_SECONDS: String(AT_RISK_SECONDS),
      PAYMENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      WORKFLOW_POLL_MS: '100',
      ORDERS_URLS: `http://127.0.0.1:${orders?.port ?? (await closedPort())}`,
    });
    processes.push(running);
    return running;
  }

  const call = (port: number, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-service-token': TEST_SERVICE_TOKEN,
        'x-principal': principal,
        ...(init.headers ?? {}),
      },
    });

  it('still fails a pending payment on time after the process is killed and restarted', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'elts-crash-'));
    orders = await listen(ordersStandIn(), 0, '127.0.0.1');
    const port = await closedPort();
    // A first start makes the service's tables; the member's profile goes in while it is stopped.
    await (await startPayments(port)).crash();
    await seedMemberProfile(dataDir);
    const first = await startPayments(port);
    const requestedAt = Date.now();
    const created = await call(port, '/subscription/create-upi-mandate', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'Asha', last_name: 'Rao', customer_email: 'asha@example.in', customer_phone: '9876543210' }),
    });
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { order_id: string } };
    await first.crash();

    const second = await startPayments(port);
    const restartedAt = Date.now();
    await eventually(
      async () => {
        const status = (await (await call(port, `/subscription/mandate-status/${data.order_id}`)).json()) as { data: { status: string } };
        return status.data.status === 'failed';
      },
      60_000,
      200,
    );
    // It fired after its deadline, not before.
    expect(Date.now() - requestedAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000);
    const status = (await (await call(port, `/subscription/mandate-status/${data.order_id}`)).json()) as {
      data: { error: string; payment_status: string };
    };
    expect(status.data).toMatchObject({ payment_status: 'failed' });
    expect(status.data.error).toContain('timed out');

    // And on time: the failure was recorded within a poll or so of its deadline.
    await second.crash();
    const { timeoutAt, failed } = await timelineIn(dataDir);
    expect(timeoutAt.getTime() - requestedAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 1000);
    // The deadline is far enough out that a normal restart beats it, so this proves the durable timer fires on time;
    // a restart slower than the deadline (a loaded machine) can only fire it once the service is back: promptly.
    expect(failed, 'recorded').toBeInstanceOf(Date);
    expect(failed.getTime()).toBeGreaterThanOrEqual(timeoutAt.getTime());
    expect(failed.getTime() - Math.max(timeoutAt.getTime(), restartedAt)).toBeLessThanOrEqual(ON_TIME_MS);
  }, 150_000);
});
