import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { EXIT_BAD_CONFIG } from '@elts/platform';
import { closedPort, eventually, type ServiceProcess, startServiceProcess } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeGateway } from '../../src/gateway/cashfree/index.js';
import { signatureMatches } from '../../src/gateway/webhook-signature.js';
import { checkoutOrder } from './support.js';

const ENTRY = 'services/payments/src/cashfree-emulator-main.ts';
const SECRET = 'cfsk_ma_process_secret';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// The Cashfree emulator as a process of its own (the distributed topology's): the production adapter calls it over
// the network, a member pays on its page at its own origin, and Cashfree's signed webhook goes to the dashboard's
// endpoint it was given.
describe('the Cashfree emulator as its own process', () => {
  let emulator: ServiceProcess;
  let origin: string;
  let receiver: Server;
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const port = await closedPort();
    origin = `http://127.0.0.1:${port}`;
    emulator = await startServiceProcess(ENTRY, port, {
      HOST: '127.0.0.1',
      CASHFREE_CLIENT_ID: 'PROCESS-CLIENT',
      CASHFREE_CLIENT_SECRET: SECRET,
      CASHFREE_EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/cashfree`,
    });
  }, 120_000);
  afterAll(async () => {
    await emulator?.crash();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('answers the production adapter, takes the payment on its page, and sends the signed webhook to the dashboard endpoint', async () => {
    const gateway = new CashfreeGateway({
      baseUrl: `${origin}/pg`,
      clientId: 'PROCESS-CLIENT',
      clientSecret: SECRET,
      hostedPagesUrl: `${origin}/pay/simulator`,
    });
    expect(gateway.kind).toBe('emulator');
    const order = await gateway.createOrder(checkoutOrder({ notifyUrl: undefined }), 'process-order-1');
    expect(order.paymentLink).toMatch(new RegExp(`^${origin}/pay/simulator/sessions/`));

    const page = await fetch(order.paymentLink!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Payment simulator: no real money moves');
    const paid = await fetch(order.paymentLink!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success&method=upi',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://club.example.in/pay/return?order_id=${order.orderId}`);
    expect((await gateway.getOrder(order.orderId)).status).toBe('PAID');

    await eventually(async () => deliveries.length > 0, 10_000);
    const [delivery] = deliveries;
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: order.orderId } } });
    const timestamp = String(delivery!.headers['x-webhook-timestamp']);
    expect(signatureMatches(SECRET, timestamp, delivery!.body, String(delivery!.headers['x-webhook-signature']))).toBe(true);

    // Wrong credentials are refused as Cashfree refuses them.
    const stranger = new CashfreeGateway({ baseUrl: `${origin}/pg`, clientId: 'PROCESS-CLIENT', clientSecret: 'not-it', retries: 0 });
    await expect(stranger.getOrder(order.orderId)).rejects.toMatchObject({ status: 401 });
  });

  it('answers its renewal switch on its own port, and 404 for a mandate it does not hold', async () => {
    const answer = await fetch(`${origin}/pay/simulator/subscriptions/sub_nobody/next-charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'FAILED' }),
    });
    expect(answer.status).toBe(404);
  });

  it('refuses to start in production', async () => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRY], {
      cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', CASHFREE_EMULATOR_WEBHOOK_URL: 'https://club.example.in/webhooks/cashfree' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(EXIT_BAD_CONFIG);
    expect(output).toContain('never runs in production');
  }, 60_000);
});
