import { type AppEnv, jsonBody, pathParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import {
  grantRefundCredit,
  paymentOfOrder,
  paymentOfOrderView,
  refreshOrderPayment,
  refundOrder,
  refundOrderPayment,
  releaseCredit,
  reserveCredit,
  startProductCheckout,
} from '../commands/product-payments.js';
import { paymentWindow } from '../store/payment-window.js';
import type { PaymentsTable } from '../store/tables.js';

const orderId = z
  .string()
  .min(3)
  .max(45)
  .regex(/^[\w-]+$/, 'letters, digits, _ and - only');
const checkout = z.strictObject({
  orderId,
  memberId: z.uuid(),
  amountPaise: z.number().int().positive(),
  customer: z.strictObject({ name: z.string().min(1).max(100), email: z.string().email(), phone: z.string().regex(/^[6-9]\d{9}$/) }),
  note: z.string().min(3).max(200),
});
const byOrder = z.object({ orderId });

/** What the orders service asks of payments (`/internal/*`, service token only). */
export function ordersInternalRoutes(context: PaymentsContext) {
  const withWindow = (row: PaymentsTable) => ({ ...paymentOfOrderView(row), ...paymentWindow(row, context.timeouts) });
  return new Hono<AppEnv>()
    .post('/internal/payments/checkout', jsonBody(checkout), async (c) =>
      c.json({ is_success: true, data: await startProductCheckout(context, c.req.valid('json')) }),
    )
    .get('/internal/payments/orders/:orderId', pathParams(byOrder), async (c) =>
      c.json({ is_success: true, data: withWindow(await paymentOfOrder(context, c.req.valid('param').orderId)) }),
    )
    .post('/internal/payments/orders/:orderId/refresh', pathParams(byOrder), async (c) =>
      c.json({ is_success: true, data: withWindow(await refreshOrderPayment(context, c.req.valid('param').orderId)) }),
    )
    .post(
      '/internal/payments/orders/:orderId/refund',
      pathParams(byOrder),
      jsonBody(z.strictObject({ reason: z.string().min(3).max(200) })),
      async (c) =>
        c.json({ is_success: true, data: await refundOrderPayment(context, c.req.valid('param').orderId, c.req.valid('json').reason) }),
    )
    .post(
      '/internal/payments/orders/:orderId/refunds',
      pathParams(byOrder),
      jsonBody(
        z.strictObject({
          key: z
            .string()
            .min(3)
            .max(40)
            .regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
          amountPaise: z.number().int().positive(),
          reason: z.string().min(3).max(200),
        }),
      ),
      async (c) => c.json({ is_success: true, data: await refundOrder(context, c.req.valid('param').orderId, c.req.valid('json')) }),
    )
    .post(
      '/internal/credit/reserve',
      jsonBody(z.strictObject({ memberId: z.uuid(), orderId, orderPricePaise: z.number().int().min(0) })),
      async (c) => {
        const { memberId, orderId: id, orderPricePaise } = c.req.valid('json');
        return c.json({ is_success: true, data: { creditPaise: await reserveCredit(context, memberId, id, orderPricePaise) } });
      },
    )
    .post(
      '/internal/credit/refund',
      jsonBody(z.strictObject({ memberId: z.uuid(), orderId, amountPaise: z.number().int().positive() })),
      async (c) => {
        const { memberId, orderId: id, amountPaise } = c.req.valid('json');
        return c.json({ is_success: true, data: await grantRefundCredit(context, memberId, id, amountPaise) });
      },
    )
    .post('/internal/credit/release', jsonBody(z.strictObject({ memberId: z.uuid(), orderId })), async (c) => {
      const { memberId, orderId: id } = c.req.valid('json');
      return c.json({ is_success: true, data: { releasedPaise: await releaseCredit(context, memberId, id) } });
    });
}
