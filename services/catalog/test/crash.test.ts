import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRINCIPAL_HEADER } from '@elts/platform';
import { closedPort, eventually, type ServiceProcess, startServiceProcess, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openWindow, productForm } from './helpers.js';

describe('a crash between hold and payment', () => {
  const processes: ServiceProcess[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const running of processes) await running.crash();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function startCatalog(port: number) {
    const running = await startServiceProcess('services/catalog/src/main.ts', port, {
      DATA_DIR: dataDir,
      SERVICE_TOKEN: TEST_SERVICE_TOKEN,
      SEED_DEMO_CATALOG: 'false',
      HOLD_MINUTES: '0.05',
      HOLD_SWEEP_SECONDS: '1',
      WORKFLOW_POLL_MS: '100',
    });
    processes.push(running);
    return running;
  }

  // As the gateway calls it: the service token, and for an admin's call the admin it established.
  const call = async (port: number, path: string, body?: unknown, principal?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-token': TEST_SERVICE_TOKEN,
        ...(principal ? { [PRINCIPAL_HEADER]: JSON.stringify(principal) } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as { data: any };
  };

  it('leaves no stock held forever: after a kill and a restart the hold still expires', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'elts-catalog-crash-'));
    const port = await closedPort();
    const first = await startCatalog(port);
    const admin = { admin: { id: randomUUID(), username: 'ops', sessionId: randomUUID() } };
    const product = (await call(port, '/product/create', productForm({ stock: 8, ...openWindow() }), admin)).data;
    const before = (await call(port, `/internal/products/${product.id}`)).data.available;
    const heldAt = Date.now();
    const hold = await call(port, '/internal/stock/hold', {
      orderId: 'ORD-crash-1',
      productId: product.id,
      quantity: 3,
      holdUntil: new Date(Date.now() + 1000).toISOString(),
    });
    expect(hold.data.held).toBe(true);
    expect((await call(port, `/internal/products/${product.id}`)).data.available).toBe(before - 3);
    // The orders service would now start the payment; instead the catalog dies.
    await first.crash();

    await startCatalog(port);
    await eventually(async () => (await call(port, `/internal/products/${product.id}`)).data.available === before, 30_000, 200);
    // Released by the recurring job after the hold's time (HOLD_MINUTES = 3 s here), not before.
    expect(Date.now() - heldAt).toBeGreaterThanOrEqual(3000);
    expect((await call(port, '/internal/stock/release', { orderId: 'ORD-crash-1' })).data.state).toBe('expired');
  }, 120_000);
});
