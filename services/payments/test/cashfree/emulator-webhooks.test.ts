import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeGateway } from '../../src/gateway/cashfree/index.js';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import { checkoutOrder, gatewayFor, unique } from './support.js';

/**
 * The emulator sends the webhooks Cashfree would, as Cashfree does: signed with the client secret, to the order's
 * notify_url, again after each retry delay until the endpoint answers 2xx (each attempt numbered), and, when a test
 * asks, late or more than once. What it sends is checked by the production adapter's own verification.
 */
describe('the Cashfree emulator sending webhooks', () => {
  let emulator: CashfreeEmulator;
  let gateway: ReturnType<typeof gatewayFor>['gateway'];
  /** What the endpoint answers each delivery with, in turn; 200 once the list runs out. */
  let answers: number[] = [];
  const received: { attempt: string | null; type: string; at: number }[] = [];

  const endpoint = new Hono().post('/webhooks/cashfree', async (c) => {
    const webhook = gateway.verifyWebhook(await c.req.text(), c.req.raw.headers, new Date());
    received.push({ attempt: c.req.header('x-webhook-attempt') ?? null, type: webhook.type, at: Date.now() });
    return c.json({}, (answers.shift() ?? 200) as 200);
  });

  beforeAll(async () => {
    emulator = await CashfreeEmulator.start({
      webhookRetryDelaysMs: [20, 40, 60],
      webhookPost: async (request) => endpoint.fetch(request),
    });
    gateway = gatewayFor(emulator).gateway;
  });
  afterAll(() => emulator?.close());

  async function paidOrder() {
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    emulator.driver.completePayment(order.orderId);
    received.length = 0;
    emulator.sender.attempts.length = 0;
    return order.orderId;
  }

  it("posts the payment's signed webhook to the order's notify_url, and again after a failed attempt", async () => {
    const orderId = await paidOrder();
    answers = [500];
    expect(emulator.notifyPayment(orderId)).toBe(true);
    await emulator.sender.settled();
    expect(received.map(({ attempt, type }) => ({ attempt, type }))).toEqual([
      { attempt: '1', type: 'PAYMENT_SUCCESS_WEBHOOK' },
      { attempt: '2', type: 'PAYMENT_SUCCESS_WEBHOOK' },
    ]);
    expect(emulator.sender.attempts.map(({ attempt, status, url }) => ({ attempt, status, url }))).toEqual([
      { attempt: 1, status: 500, url: 'https://club.example.in/webhooks/cashfree' },
      { attempt: 2, status: 200, url: 'https://club.example.in/webhooks/cashfree' },
    ]);
  });

  it('gives up after its retries when the endpoint never answers 2xx', async () => {
    const orderId = await paidOrder();
    answers = [503, 503, 503, 503];
    emulator.notifyPayment(orderId);
    await emulator.sender.settled();
    expect(emulator.sender.attempts.map(({ status }) => status)).toEqual([503, 503, 503, 503]);
  });

  it('sends late and repeated when switched so', async () => {
    const orderId = await paidOrder();
    answers = [];
    emulator.sender.setMode({ delayMs: 150, times: 2 });
    const sentAt = Date.now();
    emulator.notifyPayment(orderId);
    await emulator.sender.settled();
    emulator.sender.setMode({});
    expect(received).toHaveLength(2);
    expect(Math.min(...received.map(({ at }) => at)) - sentAt).toBeGreaterThanOrEqual(140);
  });

  it('answers in process under any prefix, as it does on a port of its own', async () => {
    const request = new Request('http://club.local/pay/cashfree/pg/orders/ord_missing', {
      headers: { 'x-client-id': emulator.clientId, 'x-client-secret': emulator.clientSecret, 'x-api-version': '2025-01-01' },
    });
    const mounted = new Hono().mount('/pay/cashfree', emulator.fetch);
    const inProcess = await mounted.fetch(request);
    const overNetwork = await fetch(`${emulator.url}/orders/ord_missing`, { headers: request.headers });
    expect(inProcess.status).toBe(404);
    expect(await inProcess.json()).toEqual(await overNetwork.json());
  });
});

describe('the production adapter on an emulator in the same process', () => {
  it('needs no port: orders, reads and timeouts go through the emulator app directly', async () => {
    const emulator = new CashfreeEmulator();
    const waits: number[] = [];
    const gateway = new CashfreeGateway({
      baseUrl: 'http://cashfree.emulator/pg',
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      fetch: emulator.fetch,
      timeoutMs: 200,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const order = checkoutOrder();
    const created = await gateway.createOrder(order, unique('key'));
    expect(created.status).toBe('ACTIVE');
    emulator.driver.completePayment(order.orderId);
    expect((await gateway.getOrder(order.orderId)).status).toBe('PAID');

    // Answered after the adapter's deadline: a timeout, repeated as any other (the read is safe to repeat).
    emulator.delayNext(400);
    expect((await gateway.getOrder(order.orderId)).status).toBe('PAID');
    expect(waits).toHaveLength(1);
    expect(emulator.requestsTo('GET', `/orders/${order.orderId}`)).toHaveLength(3);
  });
});
