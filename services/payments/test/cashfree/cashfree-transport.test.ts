import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CashfreeGateway, idempotencyKeyFor } from '../../src/gateway/cashfree/index.js';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import { checkoutOrder, failure, gatewayFor, unique } from './support.js';

describe('Cashfree transport: retries, timeouts, rate limits and idempotency keys', () => {
  let fake: CashfreeEmulator;
  beforeAll(async () => {
    fake = await CashfreeEmulator.start();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.setRateLimit(10_000));

  it('waits as long as x-ratelimit-retry says after a 429, then succeeds', async () => {
    const { gateway, waits } = gatewayFor(fake);
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    fake.failNext({
      status: 429,
      body: { message: 'Too many requests from IP. Check headers', code: 'request_failed', type: 'rate_limit_error' },
      headers: { 'x-ratelimit-retry': '2' },
      path: /^\/orders\//,
    });
    const before = fake.requests.length;
    expect((await gateway.getOrder(order.orderId)).orderId).toBe(order.orderId);
    expect(waits).toEqual([2_000]);
    const attempts = fake.requests.slice(before);
    expect(attempts.map((r) => r.status)).toEqual([429, 200]);
    expect(attempts[0]?.headers['x-request-id']).toBe(attempts[1]?.headers['x-request-id']);
  });

  it('retries a keyed write after a 429 from the real limiter with the same idempotency key, and gives up retryable', async () => {
    const { gateway, waits } = gatewayFor(fake);
    fake.setRateLimit(0, 1);
    const error = await failure(gateway.createOrder(checkoutOrder(), 'member-42-checkout'));
    expect(error).toMatchObject({ status: 429, code: 'request_failed', retryable: true });
    expect(error.message).toContain('rate_limit_error');
    expect(waits).toEqual([1_000, 1_000]);
    const attempts = fake.requests.slice(-3);
    expect(attempts.map((r) => r.status)).toEqual([429, 429, 429]);
    const keys = new Set(attempts.map((r) => r.headers['x-idempotency-key']));
    expect([...keys]).toEqual([idempotencyKeyFor('order', 'member-42-checkout')]);
  });

  it('does not hold the caller when Cashfree asks for a longer wait than allowed', async () => {
    const { gateway, waits } = gatewayFor(fake, { maxRetryDelayMs: 5_000 });
    fake.setRateLimit(0, 30);
    const before = fake.requests.length;
    expect(await failure(gateway.getOrder('anything'))).toMatchObject({ status: 429, retryable: true });
    expect(fake.requests.length - before).toBe(1);
    expect(waits).toEqual([]);
  });

  it('sends the rate-limit headers the document lists, with the window counting down', async () => {
    fake.setRateLimit(5);
    const { gateway } = gatewayFor(fake);
    await failure(gateway.getOrder('none'));
    await failure(gateway.getOrder('none'));
    const response = await fetch(`${fake.url}/orders/none`, {
      headers: { 'x-client-id': fake.clientId, 'x-client-secret': fake.clientSecret, 'x-api-version': '2025-01-01' },
    });
    expect(response.status).toBe(404);
    expect(
      Object.fromEntries(
        ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-retry', 'x-ratelimit-type'].map((h) => [h, response.headers.get(h)]),
      ),
    ).toEqual({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '2',
      'x-ratelimit-retry': '0',
      'x-ratelimit-type': 'app_id',
    });
  });

  it('maps a 500 to a retryable api error after backing off, for a GET', async () => {
    const { gateway, waits } = gatewayFor(fake, { retryBaseDelayMs: 100 });
    fake.failNext({ status: 500, times: 3, path: /^\/orders\/o500$/ });
    const error = await failure(gateway.getOrder('o500'));
    expect(error).toMatchObject({ status: 500, code: 'internal_error', retryable: true });
    expect(error.message).toContain('internal Server Error');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(200);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(300);
  });

  it('repeats a keyed write after a 500 with the same key and creates one order', async () => {
    const { gateway } = gatewayFor(fake);
    const order = checkoutOrder();
    fake.failNext({
      status: 502,
      body: { message: 'bank is down', code: 'bank_processing_failure', type: 'api_error' },
      path: /^\/orders$/,
    });
    const created = await gateway.createOrder(order, 'retry-me');
    expect(created.orderId).toBe(order.orderId);
    const attempts = fake.requestsTo('POST', '/orders').slice(-2);
    expect(attempts.map((r) => r.status)).toEqual([502, 200]);
    expect(attempts[0]?.headers['x-idempotency-key']).toBe(attempts[1]?.headers['x-idempotency-key']);
    expect(attempts[0]?.headers['x-idempotency-key']).toBe(idempotencyKeyFor('order', 'retry-me'));
  });

  it('never repeats a write that has no caller key, though it still sends a one-off key', async () => {
    const { gateway, waits } = gatewayFor(fake);
    fake.failNext({ status: 500, path: /^\/orders$/ });
    const before = fake.requestsTo('POST', '/orders').length;
    expect(await failure(gateway.createOrder(checkoutOrder(), ''))).toMatchObject({ status: 500, retryable: true });
    const attempts = fake.requestsTo('POST', '/orders').slice(before);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(waits).toEqual([]);

    fake.setRateLimit(0, 1);
    expect(await failure(gateway.createOrder(checkoutOrder(), ''))).toMatchObject({ status: 429 });
    expect(fake.requestsTo('POST', '/orders').slice(before)).toHaveLength(2);
  });

  it('after a timeout, repeats a keyed write and gets the stored answer back instead of a duplicate', async () => {
    const { gateway, waits } = gatewayFor(fake, { timeoutMs: 300 });
    const order = checkoutOrder();
    const before = fake.requestsTo('POST', '/orders').length;
    fake.delayNext(900, { path: /^\/orders$/ });
    const created = await gateway.createOrder(order, 'slow-one');
    expect(created.orderId).toBe(order.orderId);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    // The first attempt did the work; every repeat (one, unless the machine is slow) got it back, none a 409.
    const attempts = fake.requestsTo('POST', '/orders').slice(before);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.map((r) => [r.status, r.replayed ?? false])).toEqual([[200, false], ...attempts.slice(1).map(() => [200, true])]);
    expect(new Set(attempts.map((r) => r.headers['x-idempotency-key'])).size).toBe(1);
  });

  it('reports a timeout of an unkeyed write once, as retryable with status 0', async () => {
    const { gateway } = gatewayFor(fake, { timeoutMs: 100 });
    fake.delayNext(300, { path: /^\/orders$/ });
    const before = fake.requestsTo('POST', '/orders').length;
    expect(await failure(gateway.createOrder(checkoutOrder(), ''))).toMatchObject({ status: 0, code: 'timeout', retryable: true });
    expect(fake.requestsTo('POST', '/orders').length - before).toBe(1);
  });

  it('reports an unreachable Cashfree as a retryable network error after retrying a GET', async () => {
    const { gateway, waits } = gatewayFor(fake, { baseUrl: 'http://127.0.0.1:9/pg' });
    const error = await failure(gateway.getOrder('o1'));
    expect(error).toMatchObject({ status: 0, code: 'network_error', retryable: true });
    expect(waits).toHaveLength(2);
  });

  it('treats a success that is not JSON as malformed', async () => {
    const { gateway } = gatewayFor(fake, { retries: 0 });
    fake.failNext({ status: 200, body: '<html>maintenance</html>' });
    expect(await failure(gateway.getOrder('o1'))).toMatchObject({ code: 'malformed_response' });
  });

  it('tells the log about retries without credentials', async () => {
    const lines: string[] = [];
    const { gateway } = gatewayFor(fake, { log: { warn: (details, message) => lines.push(`${message} ${JSON.stringify(details)}`) } });
    fake.failNext({ status: 503, path: /^\/orders\/logged$/ });
    await failure(gateway.getOrder('logged'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"status":503');
    expect(lines.join('\n')).not.toContain(fake.clientSecret);
  });

  it('joins paths below the /pg prefix even with a trailing slash, and refuses missing credentials at start', async () => {
    const { gateway } = gatewayFor(fake, { baseUrl: `${fake.url}/` });
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    expect((await gateway.getOrder(order.orderId)).orderId).toBe(order.orderId);
    expect(() => new CashfreeGateway({ baseUrl: fake.url, clientId: '', clientSecret: 's' })).toThrow('client id');
  });

  describe('idempotency keys', () => {
    it('are name-based UUIDs (version 5): stable across processes, distinct per operation and per caller key', () => {
      const key = idempotencyKeyFor('order', 'checkout-7');
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(idempotencyKeyFor('order', 'checkout-7')).toBe(key);
      expect(idempotencyKeyFor('charge', 'checkout-7')).not.toBe(key);
      expect(idempotencyKeyFor('order', 'checkout-8')).not.toBe(key);
      // Pinned (and equal to RFC 9562 v5 of 'order:checkout-7' in our namespace): a change here would give every
      // retry in flight during a deploy a new key.
      expect(key).toBe('00099f40-6960-59eb-a4be-c7182a762f80');
    });

    it('are the same from two gateway instances (a retry after a restart)', async () => {
      const order = checkoutOrder();
      const first = await gatewayFor(fake).gateway.createOrder(order, 'restart-key');
      const second = await gatewayFor(fake).gateway.createOrder(order, 'restart-key');
      expect(second.gatewayOrderId).toBe(first.gatewayOrderId);
      expect(fake.requestsTo('POST', '/orders').at(-1)?.replayed).toBe(true);
    });
  });
});
