import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, mount, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
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

/** What the orders service asks of payments (`/internal/*`, service token only). */
export function ordersInternalRoutes(context: PaymentsContext) {
  const withWindow = (row: PaymentsTable) => ({ ...paymentOfOrderView(row), ...paymentWindow(row, context.timeouts) });
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.startProductCheckout, async (c) =>
    c.json({ is_success: true, data: unlessRefused(await startProductCheckout(context, c.req.valid('json'))) }),
  );
  mount(app, paymentsOperations.orderPayment, async (c) =>
    c.json({ is_success: true, data: withWindow(unlessRefused(await paymentOfOrder(context, c.req.valid('param').orderId))) }),
  );
  mount(app, paymentsOperations.refreshOrderPayment, async (c) =>
    c.json({ is_success: true, data: withWindow(unlessRefused(await refreshOrderPayment(context, c.req.valid('param').orderId))) }),
  );
  mount(app, paymentsOperations.refundOrderPayment, async (c) =>
    c.json({
      is_success: true,
      data: unlessRefused(await refundOrderPayment(context, c.req.valid('param').orderId, c.req.valid('json').reason)),
    }),
  );
  mount(app, paymentsOperations.refundOrder, async (c) =>
    c.json({ is_success: true, data: unlessRefused(await refundOrder(context, c.req.valid('param').orderId, c.req.valid('json'))) }),
  );
  mount(app, paymentsOperations.reserveCredit, async (c) => {
    const { memberId, orderId, orderPricePaise } = c.req.valid('json');
    return c.json({ is_success: true, data: { creditPaise: await reserveCredit(context, memberId, orderId, orderPricePaise) } });
  });
  mount(app, paymentsOperations.grantRefundCredit, async (c) => {
    const { memberId, orderId, amountPaise } = c.req.valid('json');
    return c.json({ is_success: true, data: await grantRefundCredit(context, memberId, orderId, amountPaise) });
  });
  mount(app, paymentsOperations.releaseCredit, async (c) => {
    const { memberId, orderId } = c.req.valid('json');
    return c.json({ is_success: true, data: { releasedPaise: await releaseCredit(context, memberId, orderId) } });
  });
  return app;
}
