import { InternalClient } from '@elts/platform';
import { describe, expect, it } from 'vitest';
import { internalPartners } from '../src/commands/context.js';

// Issue 35: payments alone repeats the Cashfree call behind a checkout (one idempotency key, Cashfree's wait
// honoured). Orders repeating its own call on top multiplied the attempts at Cashfree (9 POST /orders for one
// placement under a 429), so orders asks once and takes the answer it gets.
describe("orders' call to payments for a checkout", () => {
  it('is sent once, even when payments answers 503', async () => {
    const calls: string[] = [];
    const payments = new InternalClient({
      target: 'payments',
      token: 'token',
      retryBaseMs: 1,
      fetch: (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return Response.json({ is_success: false, message: 'Service temporarily unavailable.' }, { status: 503 });
      },
    });
    const partners = internalPartners(
      () => {
        throw new Error('catalog is not called');
      },
      () => payments,
      () => {},
    );
    await expect(
      partners.checkout({
        orderId: 'ORD-CHECKOUT1',
        memberId: '6f1c2a4e-0000-4000-8000-000000000001',
        amountPaise: 250_000,
        customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
        note: 'Pressure cooker x 1',
      }),
    ).rejects.toThrow();
    expect(calls).toEqual(['POST /internal/payments/checkout']);
  });
});
