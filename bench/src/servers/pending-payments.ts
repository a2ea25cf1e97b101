import { randomBytes, randomUUID } from 'node:crypto';
import { SERVICE_TOKEN_HEADER } from '@elts/platform';

/** The service token the bench's product runs with, so it can start payments the way the orders service does. */
export const BENCH_SERVICE_TOKEN = randomBytes(32).toString('hex');

/**
 * Starts `count` product payments through payments' own `/internal/payments/checkout` (what placing an order asks
 * of it), `width` at a time, and leaves them pending: nobody pays, so each reaches its timeout.
 */
export async function startPendingPayments(
  payments: { fetch(request: Request): Response | Promise<Response> },
  { count, width }: { count: number; width: number },
): Promise<{ ms: number }> {
  const began = performance.now();
  let next = 0;
  const run = randomUUID().slice(0, 6);
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const n = next++;
        const response = await payments.fetch(
          new Request('http://payments.internal/internal/payments/checkout', {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: BENCH_SERVICE_TOKEN },
            body: JSON.stringify({
              orderId: `BENCH-${run}-${n}`,
              memberId: randomUUID(),
              amountPaise: 299_900,
              customer: { name: 'Bench Rao', email: 'bench@example.in', phone: '9876543210' },
              note: 'A pending payment for the timeout benchmark',
            }),
          }),
        );
        if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  return { ms: performance.now() - began };
}
