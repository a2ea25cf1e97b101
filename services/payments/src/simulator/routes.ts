import { paymentsOperations, simulatorCheckoutForm, simulatorMandateForm } from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, parseOrThrow } from '@elts/platform';
import { Hono } from 'hono';
import { checkoutPage, closedPage, mandatePage, notFoundPage, SIMULATOR_CSS } from './pages.js';
import type { SimulatorGateway } from './simulator-gateway.js';

/** The page's form, or JSON from a test; anything unreadable is the caller's mistake (400), not ours. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return (await request.json()) as Record<string, string>;
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  } catch {
    throw badRequest('Malformed form');
  }
}

/**
 * The simulator's hosted pages. They work without JavaScript (plain forms), so they pass the product's strict
 * Content-Security-Policy, and a browser test can drive them like a person would.
 */
export function simulatorRoutes(simulator: SimulatorGateway, production: boolean) {
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.simulatorCss, (c) => c.body(SIMULATOR_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
  mount(app, paymentsOperations.simulatorCheckoutPage, async (c) => {
    const session = await simulator.checkoutSession(c.req.valid('param').sessionId);
    if (!session) return c.html(notFoundPage(), 404);
    return c.html(checkoutPage({ ...session, sessionId: c.req.valid('param').sessionId }));
  });
  mount(app, paymentsOperations.simulatorCompleteCheckout, async (c) => {
    const { outcome, method } = parseOrThrow(simulatorCheckoutForm, await formOf(c.req.raw), 'form');
    const answer = await simulator.completeCheckout(c.req.valid('param').sessionId, outcome, method);
    if (!answer) throw notFound('This payment link is not valid');
    if (answer.refused) return c.html(closedPage('payment', answer.refused, answer.returnUrl), 409);
    return c.redirect(answer.returnUrl, 303);
  });
  mount(app, paymentsOperations.simulatorMandatePage, async (c) => {
    const session = await simulator.mandateSession(c.req.valid('param').sessionId);
    if (!session) return c.html(notFoundPage(), 404);
    return c.html(
      mandatePage({
        sessionId: c.req.valid('param').sessionId,
        subscriptionId: session.subscription.subscriptionId,
        amountPaise: session.amountPaise,
        maxAmountPaise: session.plan.maxAmountPaise,
        closed: session.closed,
        returnUrl: session.returnUrl,
      }),
    );
  });
  mount(app, paymentsOperations.simulatorCompleteMandate, async (c) => {
    const { outcome, upi_id } = parseOrThrow(simulatorMandateForm, await formOf(c.req.raw), 'form');
    const answer = await simulator.completeMandate(c.req.valid('param').sessionId, outcome, upi_id);
    if (!answer) throw notFound('This mandate link is not valid');
    if (answer.refused) return c.html(closedPage('mandate', answer.refused, answer.returnUrl), 409);
    return c.redirect(answer.returnUrl, 303);
  });
  if (!production) {
    mount(app, paymentsOperations.simulatorNextCharge, async (c) => {
      const { outcome } = c.req.valid('json');
      if (!(await simulator.setNextChargeOutcome(c.req.valid('param').subscriptionId, outcome))) throw notFound('No such mandate');
      return c.json({ is_success: true, data: { outcome } });
    });
  }
  return app;
}
