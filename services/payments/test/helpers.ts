import { randomUUID } from 'node:crypto';
import { catalogEvents, identityEvents, ordersEvents } from '@elts/contracts';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import { type Clock, createServiceApp, sql } from '@elts/platform';
import {
  type DatabaseKind,
  eventually,
  type ServiceHarness,
  silentLogger,
  startServiceHarness,
  TEST_SERVICE_TOKEN,
} from '@elts/platform/testing';
import type { CashfreeEmulator } from '../src/gateway/cashfree-emulator/emulator.js';
import { emulatorOf } from '../src/gateway/create-gateway.js';
import { paymentsService } from '../src/service.js';

/**
 * The orders service as payments sees it: a pincode directory (Goa and Karnataka pincodes here). `away` makes it
 * answer 503, as an orders service that is down or whose courier check is unavailable does.
 */
export function ordersStandIn(away: () => boolean = () => false) {
  const app = createServiceApp({ name: 'orders', logger: silentLogger() });
  app.get('/shipping/bluedart/pincode/:pincode', (c) => {
    if (away()) return c.json({ is_success: false, message: 'Pincode check is unavailable right now.' }, 503);
    const state = c.req.param('pincode').startsWith('403') ? 'Goa' : c.req.param('pincode').startsWith('560') ? 'Karnataka' : '';
    return c.json({ is_success: true, data: { pincodeDescription: '', cityDescription: '', state, serviceable: Boolean(state) } });
  });
  return app;
}

export function startPayments(kind: DatabaseKind, env: Record<string, string> = {}, orders = ordersStandIn(), clock?: Clock) {
  return startServiceHarness(paymentsService, {
    kind,
    ...(clock ? { clock } : {}),
    env: { PUBLIC_URL: 'http://localhost:3000', WORKFLOW_POLL_MS: '25', ...env },
    sources: [identityEvents, catalogEvents, ordersEvents],
    stubs: { orders },
  });
}

/** The Cashfree emulator payments runs in its process (without Cashfree's credentials): its driver and records. */
export function cashfreeIn(payments: ServiceHarness): CashfreeEmulator {
  const emulator = emulatorOf(payments.booted.instance.app);
  if (!emulator) throw new Error('payments runs no Cashfree emulator in its process');
  return emulator;
}

export interface TestMember {
  memberId: string;
  token: string;
}

/** A member as identity would announce them, with a session; waits until payments has their profile. */
export async function registerMember(
  payments: ServiceHarness,
  options: { pincode?: string; gst?: string; complete?: boolean } = {},
): Promise<TestMember> {
  const memberId = randomUUID();
  const email = `m.${memberId.slice(0, 8)}@example.in`;
  const identity = payments.source('identity');
  await identity.append(`member-${memberId}`, 0, [
    memberRegisteredEvent(memberId, { email, lastname: options.complete === false ? '' : 'Rao' }),
    ...(options.complete === false
      ? []
      : [
          {
            type: 'PersonalDetailsUpdated',
            data: { memberId, gender: 'female', dob: '1994-03-12', firstname: 'Asha', lastname: 'Rao', mobile: '9876543210', email },
          },
          {
            type: 'ShippingDetailsUpdated',
            data: { memberId, address: '12 MG Road', professionAddress: '12 MG Road', pincode: options.pincode ?? '403001' },
          },
        ]),
    ...(options.gst
      ? [{ type: 'PersonaChosen', data: { memberId, profession: 'business', subscriptionType: 'Save', gst: options.gst } }]
      : []),
  ]);
  await eventually(async () => {
    const row = await sql<{ pincode: string | null }>`select pincode from member_profiles where member_id = ${memberId}`.execute(
      payments.db,
    );
    return options.complete === false ? row.rows.length === 1 : row.rows[0]?.pincode != null;
  });
  return { memberId, token: payments.memberSession(memberId).token };
}

export async function subscribe(payments: ServiceHarness, member: TestMember) {
  const { status, body } = await payments.json('/subscription/create-upi-mandate', { method: 'POST', token: member.token, body: {} });
  if (status !== 200) throw new Error(`create-upi-mandate answered ${status}: ${JSON.stringify(body)}`);
  return body.data as { order_id: string; subscription_id: string; payment_session_id: string; payment_link: string; gateway: string };
}

/** What a person does on the emulator's mandate page: approve, decline or cancel. */
export async function decideMandate(payments: ServiceHarness, paymentLink: string, outcome: 'success' | 'failure' | 'cancel') {
  const path = new URL(paymentLink).pathname;
  const response = await payments.request(path, { method: 'POST', body: { outcome, upi_id: 'asha@upi' } });
  if (response.status !== 303) throw new Error(`mandate page answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location');
}

export async function current(payments: ServiceHarness, member: TestMember) {
  return (await payments.json('/subscription/current', { token: member.token })).body.data;
}

export async function paymentEvents(payments: ServiceHarness, paymentId: string): Promise<string[]> {
  const rows = await sql<{
    type: string;
  }>`select type from events where stream_id = ${`payment-${paymentId}`} order by stream_version`.execute(payments.db);
  return rows.rows.map((row) => row.type);
}

/**
 * Orders' call that starts a product order's payment (`/internal/payments/checkout`), for a new order unless one is
 * named: the order's id and payments' answer.
 */
export async function startProductCheckout(
  payments: ServiceHarness,
  order: { orderId?: string; amountPaise?: number; note?: string } = {},
) {
  const orderId = order.orderId ?? `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
  const started = await internalCall(payments, '/internal/payments/checkout', {
    orderId,
    memberId: randomUUID(),
    amountPaise: order.amountPaise ?? 250_000,
    customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
    note: order.note ?? 'Pressure cooker x 1',
  });
  return { orderId, started };
}

/** A call from another service: GET without a body, POST with one, carrying the service token. */
export function internalCall(payments: ServiceHarness, path: string, body?: unknown) {
  return payments.json(path, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body }),
    headers: { 'x-service-token': TEST_SERVICE_TOKEN },
  });
}
