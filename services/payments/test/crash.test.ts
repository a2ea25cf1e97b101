import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort, eventually, type ServiceProcess, startServiceProcess, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';

const memberId = '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a000001';
const principal = JSON.stringify({ member: { id: memberId, sessionId: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a000002' } });

describe('the embedded workflow driver across a crash', () => {
  const processes: ServiceProcess[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const running of processes) await running.crash();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function startPayments(port: number) {
    const running = await startServiceProcess('services/payments/src/main.ts', port, {
      DATA_DIR: dataDir,
      SERVICE_TOKEN: TEST_SERVICE_TOKEN,
      PAYMENT_AT_RISK_SECONDS: '3',
      PAYMENT_TIMEOUT_SECONDS: '6',
      WORKFLOW_POLL_MS: '100',
      ORDERS_URLS: `http://127.0.0.1:${await closedPort()}`,
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
    const port = await closedPort();
    const first = await startPayments(port);
    const requestedAt = Date.now();
    const created = await call(port, '/subscription/create-upi-mandate', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'Asha', last_name: 'Rao', customer_email: 'asha@example.in', customer_phone: '9876543210' }),
    });
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { order_id: string } };
    await first.crash();

    await startPayments(port);
    await eventually(
      async () => {
        const status = (await (await call(port, `/subscription/mandate-status/${data.order_id}`)).json()) as { data: { status: string } };
        return status.data.status === 'failed';
      },
      30_000,
      200,
    );
    // It fired after its deadline (6 s after the payment), not before.
    expect(Date.now() - requestedAt).toBeGreaterThanOrEqual(6000);
    const status = (await (await call(port, `/subscription/mandate-status/${data.order_id}`)).json()) as {
      data: { error: string; payment_status: string };
    };
    expect(status.data).toMatchObject({ payment_status: 'failed' });
    expect(status.data.error).toContain('timed out');
  }, 120_000);
});
