import { type AppEnv, badRequest, notFound, parseOrThrow } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkoutPage, closedPage, mandatePage, notFoundPage, SIMULATOR_CSS } from './pages.js';
import type { SimulatorGateway } from './simulator-gateway.js';

const outcomeForm = z.object({
  outcome: z.enum(['success', 'failure', 'cancel'], { error: 'outcome must be success, failure or cancel' }),
  method: z.enum(['upi', 'card', 'netbanking'], { error: 'method must be upi, card or netbanking' }).default('upi'),
});
const mandateForm = z.object({
  outcome: z.enum(['success', 'failure', 'cancel'], { error: 'outcome must be success, failure or cancel' }),
  upi_id: z.string().max(60).optional(),
});
// PENDING: the bank holds the next debit past its date, until SUCCESS or FAILED is chosen for it.
const nextCharge = z.strictObject({ outcome: z.enum(['SUCCESS', 'FAILED', 'PENDING']) });

/** The page's form, or JSON from a test; anything unreadable is the caller's mistake (400), not ours. */
async function formOf(request: Request): Promise<Record<string, string>> {
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
  const app = new Hono<AppEnv>()
    .get('/pay/simulator/simulator.css', (c) => c.body(SIMULATOR_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }))
    .get('/pay/simulator/sessions/:sessionId', async (c) => {
      const session = await simulator.checkoutSession(c.req.param('sessionId'));
      if (!session) return c.html(notFoundPage(), 404);
      return c.html(checkoutPage({ ...session, sessionId: c.req.param('sessionId') }));
    })
    .post('/pay/simulator/sessions/:sessionId', async (c) => {
      const { outcome, method } = parseOrThrow(outcomeForm, await formOf(c.req.raw), 'form');
      const answer = await simulator.completeCheckout(c.req.param('sessionId'), outcome, method);
      if (!answer) throw notFound('This payment link is not valid');
      if (answer.refused) return c.html(closedPage('payment', answer.refused, answer.returnUrl), 409);
      return c.redirect(answer.returnUrl, 303);
    })
    .get('/pay/simulator/mandates/:sessionId', async (c) => {
      const session = await simulator.mandateSession(c.req.param('sessionId'));
      if (!session) return c.html(notFoundPage(), 404);
      return c.html(
        mandatePage({
          sessionId: c.req.param('sessionId'),
          subscriptionId: session.subscription.subscriptionId,
          amountPaise: session.amountPaise,
          maxAmountPaise: session.plan.maxAmountPaise,
          closed: session.closed,
          returnUrl: session.returnUrl,
        }),
      );
    })
    .post('/pay/simulator/mandates/:sessionId', async (c) => {
      const { outcome, upi_id } = parseOrThrow(mandateForm, await formOf(c.req.raw), 'form');
      const answer = await simulator.completeMandate(c.req.param('sessionId'), outcome, upi_id);
      if (!answer) throw notFound('This mandate link is not valid');
      if (answer.refused) return c.html(closedPage('mandate', answer.refused, answer.returnUrl), 409);
      return c.redirect(answer.returnUrl, 303);
    });
  if (!production) {
    app.post('/pay/simulator/subscriptions/:subscriptionId/next-charge', async (c) => {
      const { outcome } = parseOrThrow(nextCharge, await c.req.json().catch(() => ({})), 'request body');
      if (!(await simulator.setNextChargeOutcome(c.req.param('subscriptionId'), outcome))) throw notFound('No such mandate');
      return c.json({ is_success: true, data: { outcome } });
    });
  }
  return app;
}
