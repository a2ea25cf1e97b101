import { simulatorCheckoutForm, simulatorMandateForm } from '@elts/contracts';
import { Hono } from 'hono';
import type { CashfreeDriver } from './driver.js';
import { checkoutPage, closedPage, mandatePage, notFoundPage, SIMULATOR_CSS } from './pages.js';
import type { EmulatedOrder, EmulatedSubscription, EmulatorState } from './state.js';

/** The page's form, or JSON from a test; anything unreadable is null, the caller's mistake (400), not ours. */
async function formOf(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return (await request.json()) as Record<string, string>;
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  } catch {
    return null;
  }
}

/** A form the page cannot take: its first problem, in a 400. */
const refused = (issues: { message: string }[] | undefined) => ({ message: issues?.[0]?.message ?? 'Malformed form' });

/** What a checkout's page needs of the emulator: its records, its driver, and Cashfree's webhook after an outcome. */
export interface CheckoutHost {
  readonly state: EmulatorState;
  readonly driver: CashfreeDriver;
  notifyPayment(orderId: string): boolean;
  notifyMandate(subscriptionId: string): boolean;
}

/**
 * Cashfree's hosted checkout and UPI AutoPay mandate pages as the product's testers know them: the simulator's page (same look, same buttons) for an
 * order's `payment_session_id`, at `/sessions/{session}` below where the emulator is mounted. A button is what the
 * member and the bank do: the payment succeeds, fails or is dropped, Cashfree's webhook goes out, and the browser is
 * sent to the order's return_url, as Cashfree sends it. An order paid, expired or terminated takes no attempt.
 */
export function checkoutPages(host: CheckoutHost) {
  const orderOfSession = (sessionId: string): EmulatedOrder | undefined => {
    for (const order of host.state.orders.values())
      if (order.entity.payment_session_id === sessionId) return host.state.order(order.entity.order_id);
    return undefined;
  };
  const returnUrlOf = (order: EmulatedOrder) =>
    (order.entity.order_meta.return_url ?? '/').replace('{order_id}', encodeURIComponent(order.entity.order_id));
  const closedReason = (order: EmulatedOrder) =>
    order.entity.order_status === 'ACTIVE' ? null : order.entity.order_status.toLowerCase().replace(/_/g, ' ');

  const subscriptionOfSession = (sessionId: string): EmulatedSubscription | undefined => {
    for (const subscription of host.state.subscriptions.values())
      if (subscription.entity.subscription_session_id === sessionId) return subscription;
    return undefined;
  };
  const mandateReturnUrlOf = (subscription: EmulatedSubscription) => subscription.entity.subscription_meta.return_url ?? '/';

  return new Hono()
    .get('/simulator.css', (c) => c.body(SIMULATOR_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }))
    .get('/sessions/:sessionId', (c) => {
      const order = orderOfSession(c.req.param('sessionId'));
      if (!order) return c.html(notFoundPage(), 404);
      return c.html(
        checkoutPage({
          sessionId: c.req.param('sessionId'),
          orderId: order.entity.order_id,
          amountPaise: Math.round(order.entity.order_amount * 100),
          note: order.entity.order_note ?? '',
          returnUrl: returnUrlOf(order),
          paid: order.entity.order_status === 'PAID',
          closed: closedReason(order),
        }),
      );
    })
    .get('/mandates/:sessionId', (c) => {
      const subscription = subscriptionOfSession(c.req.param('sessionId'));
      if (!subscription) return c.html(notFoundPage(), 404);
      const { entity, authorization } = subscription;
      return c.html(
        mandatePage({
          sessionId: c.req.param('sessionId'),
          subscriptionId: entity.subscription_id,
          amountPaise: Math.round(authorization.authorization_amount * 100),
          maxAmountPaise: Math.round(entity.plan_details.plan_max_amount * 100),
          closed: mandateClosed(subscription),
          returnUrl: mandateReturnUrlOf(subscription),
        }),
      );
    })
    .post('/mandates/:sessionId', async (c) => {
      const subscription = subscriptionOfSession(c.req.param('sessionId'));
      if (!subscription) return c.html(notFoundPage(), 404);
      const form = await formOf(c.req.raw);
      const parsed = form ? simulatorMandateForm.safeParse(form) : undefined;
      if (!parsed?.success) return c.json(refused(parsed?.error.issues), 400);
      const closed = mandateClosed(subscription);
      if (closed) return c.html(closedPage('mandate', closed, mandateReturnUrlOf(subscription)), 409);
      const subscriptionId = subscription.entity.subscription_id;
      if (parsed.data.outcome === 'success') host.driver.authoriseMandate(subscriptionId);
      else host.driver.declineMandate(subscriptionId, parsed.data.outcome === 'cancel' ? 'Cancelled by the customer' : undefined);
      host.notifyMandate(subscriptionId);
      return c.redirect(mandateReturnUrlOf(subscription), 303);
    })
    .post('/sessions/:sessionId', async (c) => {
      const order = orderOfSession(c.req.param('sessionId'));
      if (!order) return c.html(notFoundPage(), 404);
      const form = await formOf(c.req.raw);
      const parsed = form ? simulatorCheckoutForm.safeParse(form) : undefined;
      if (!parsed?.success) return c.json(refused(parsed?.error.issues), 400);
      const closed = closedReason(order);
      if (closed) return c.html(closedPage('payment', closed, returnUrlOf(order)), 409);
      const { outcome, method } = parsed.data;
      const orderId = order.entity.order_id;
      if (outcome === 'success') host.driver.completePayment(orderId, { method });
      else host.driver.failPayment(orderId, { method, userDropped: outcome === 'cancel' });
      host.notifyPayment(orderId);
      return c.redirect(returnUrlOf(order), 303);
    });
}

/** Why a mandate takes no decision any more (the simulator's words), or null while it waits for the member. */
function mandateClosed({ entity, authorization }: EmulatedSubscription): string | null {
  if (authorization.authorization_status === 'ACTIVE') return 'approved';
  if (authorization.authorization_status === 'FAILED') return 'declined';
  if (entity.subscription_status === 'LINK_EXPIRED') return 'expired';
  if (entity.subscription_status !== 'INITIALIZED') return entity.subscription_status.toLowerCase().replace(/_/g, ' ');
  return null;
}
