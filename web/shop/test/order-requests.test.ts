import { ApiError } from '@elts/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayHavePlaced, newIdempotencyKey, type OrderBody, type OrderDetail, placeProductOrder } from '../src/api/orders.js';
import { recheckOrder } from '../src/shopping/order-status-check.js';

const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' };
const body: OrderBody = {
  amount: 19999,
  customer_email: 'asha@example.in',
  customer_phone: '9876543210',
  first_name: 'Asha',
  last_name: 'Rao',
  product_id: 'PRD-HEAD',
  quantity: 1,
  description: 'Headphones',
  return_url: 'http://localhost:3000/order',
  shipping_address: address,
  billing_address: address,
};

describe('placing an order', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the attempt's Idempotency-Key, in the form the orders service accepts", async () => {
    const sent: Request[] = [];
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => (key === 'token' ? 'member-token' : null) });
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      sent.push(new Request(`http://localhost${path}`, init));
      return Response.json({ is_success: true, data: { order_id: 'ORD-1', payment_link: '/pay/x' } });
    });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[\w-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect((await placeProductOrder(body, key)).order_id).toBe('ORD-1');
    expect(sent[0]!.headers.get('idempotency-key')).toBe(key);
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
    expect(sent[0]!.method).toBe('POST');
  });

  it('keeps the key after an attempt that may have placed the order, and drops it after a refusal', () => {
    expect(mayHavePlaced(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayHavePlaced(new ApiError('Service temporarily unavailable. Please try again shortly.', 503))).toBe(true);
    expect(mayHavePlaced(new ApiError('Out of Stock', 409))).toBe(false);
    expect(mayHavePlaced(new ApiError('Not serviceable currently', 400))).toBe(false);
  });
});

describe("the order page's Check Latest Status", () => {
  const order = (status: string) => ({ order_id: 'ORD-1', status }) as unknown as OrderDetail;
  const failing = async (): Promise<never> => {
    throw new ApiError('Request failed (502)', 502);
  };

  it('takes the gateway answer when there is one, without the local lookup', async () => {
    const local = vi.fn(async () => order('pending'));
    expect(await recheckOrder('ORD-1', { gateway: async () => order('completed'), local })).toEqual({
      ok: true,
      order: order('completed'),
    });
    expect(local).not.toHaveBeenCalled();
  });

  it('falls back to the local lookup when the gateway check fails', async () => {
    expect(await recheckOrder('ORD-1', { gateway: failing, local: async () => order('pending') })).toEqual({
      ok: true,
      order: order('pending'),
    });
  });

  it("says 'Failed to fetch order status from gateway' when neither answers", async () => {
    expect(await recheckOrder('ORD-1', { gateway: failing, local: failing })).toEqual({
      ok: false,
      message: 'Failed to fetch order status from gateway',
    });
  });
});
