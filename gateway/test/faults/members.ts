import { randomUUID } from 'node:crypto';
import { COMPLETE_PROFILE } from '@elts/contracts/testing';
import { eventually } from '@elts/platform/testing';
import { type CallResult, orderBody, type ProductClient } from '../support/client.js';
import type { Topology } from './topology.js';

/**
 * What members and the operator do in the fault suites, as careful clients do while processes die under them: every
 * request is repeated until it is answered, with one idempotency key per purchase kept through the repeats.
 */

/** The buyers order one product again and again: as businesses with a GSTIN, whom the one-of-each rule allows. */
const BUYER_PROFILE = { profession: 'business', gst: '27AAPFU0939F1ZV' };

/**
 * `count` members with an active membership who buy as businesses (emails `<name>.<n>@example.in`), returned once
 * orders knows each of them as a member.
 */
export async function subscribedBuyers(topology: Topology, name: string, count: number): Promise<string[]> {
  const buyers: string[] = [];
  for (let n = 0; n < count; n++) {
    buyers.push(
      await topology.client.subscriber(`${name}.${n}@example.in`, `Buyer ${n}`, BUYER_PROFILE).catch((error) => {
        throw new Error(`${error}\n${topology.output()}`);
      }),
    );
  }
  await eventually(async () => {
    const rows = await topology.query<{ count: number }>(
      'orders',
      "select count(*)::int as count from member_buyers where subscription_status = 'active'",
    );
    return rows[0]?.count === count;
  }, 30_000);
  return buyers;
}

/** Asks until `attempt` gives an answer; a thrown error (a connection the fault cut) counts as no answer yet. */
export async function untilAnswered<T>(attempt: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await attempt().catch(() => undefined);
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Until the call is answered with 200 (a 5xx, a refusal while another service catches up, or a cut connection). */
const untilOk = (call: () => Promise<CallResult>) =>
  untilAnswered(async () => {
    const res = await call();
    return res.status === 200 ? res : undefined;
  });

/**
 * Posts a choice on one of the Cashfree emulator's pages (where the payment link points) until it is answered. A repeat finds the choice already made when an
 * earlier attempt got through but its answer was lost to a fault: the page's `madeAlready` answer counts then, never
 * to a first attempt.
 */
async function choose(client: ProductClient, page: string, form: Record<string, string>, madeAlready: string): Promise<void> {
  let attempts = 0;
  const answer = await untilAnswered(async () => {
    attempts++;
    const res = await client.call(page, { form });
    return res.status < 500 ? res : undefined;
  });
  if (answer.status !== 303 && !(attempts > 1 && answer.status === 409 && answer.text.includes(madeAlready)))
    throw new Error(`the emulator's page answered ${answer.status} on ${page}: ${answer.text}`);
}

export interface Purchase {
  token: string;
  orderId?: string;
  paid: boolean;
  /** A 4xx the member was given instead of an order. */
  refusal?: string;
}

/** A member buying one unit: one idempotency key per purchase, kept through retries, then paying (or leaving it unpaid). */
export async function buy(client: ProductClient, token: string, productId: string, { pay = true } = {}): Promise<Purchase> {
  const key = randomUUID();
  const placed = await untilAnswered<CallResult>(async () => {
    const res = await client.call('/product/order', { token, body: orderBody(productId), headers: { 'idempotency-key': key } });
    return res.status < 500 ? res : undefined;
  });
  if (placed.status !== 200) return { token, paid: false, refusal: `${placed.status} ${placed.body?.message}` };
  const orderId = placed.body.data.order_id as string;
  // The unit is reserved; Pay now opens its checkout (the same one again if a first answer was lost). An unpaid
  // purchase is a checkout opened and left, whose payment times out.
  const checkout = await untilAnswered<CallResult>(async () => {
    const res = await client.call(`/product/order/${orderId}/checkout`, { token, body: {} });
    return res.status < 500 ? res : undefined;
  });
  if (checkout.status !== 200) return { token, orderId, paid: false, refusal: `${checkout.status} ${checkout.body?.message}` };
  if (!pay) return { token, orderId, paid: false };
  await choose(client, checkout.body.data.payment_link, { outcome: 'success', method: 'upi' }, 'This payment is paid');
  return { token, orderId, paid: true };
}

/** The operator adds a product on sale now, at Rs 999 (Amazon's Rs 1999), with `stock` units. */
export async function createProduct(client: ProductClient, adminToken: string, name: string, stock: number): Promise<string> {
  const now = Date.now();
  const created = await client.call('/product/create', {
    token: adminToken,
    body: {
      name,
      price: 999,
      amazonPrice: 1999,
      category: 'Home & Garden',
      brand: 'Prestige',
      stock,
      images: ['/product/images/pressure-cooker.svg'],
      descriptions: [{ title: 'Highlights', content: 'Five litres.' }],
      sku: `FAULT-${randomUUID().slice(0, 8)}`,
      variantGroup: null,
      isVariantPrimary: false,
      hsnCode: '76151030',
      gstRate: 5,
      saleStartAt: new Date(now - 3600_000).toISOString(),
      saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
    },
  });
  if (created.status !== 201) throw new Error(`creating ${name} answered ${created.status}: ${created.text}`);
  return created.body.data.id as string;
}

/**
 * How a member treats a membership, which decides how it must end: `renews` keeps auto-renewal on and the bank pays
 * each renewal charge (active, renewed each cycle); `declines` has the bank fail every renewal charge and `opts out`
 * turns auto-renewal off at once (both expire at the cycle's end, nothing kept); `abandons` never approves the
 * mandate (its first payment times out and the membership fails).
 */
export type MembershipKind = 'renews' | 'declines' | 'opts out' | 'abandons';
export const MEMBERSHIP_KINDS: MembershipKind[] = ['renews', 'declines', 'opts out', 'abandons'];

export interface Membership {
  kind: MembershipKind;
  subscriptionId: string;
}

/** A new member asks for a membership (its mandate on the Cashfree emulator) and then acts as `kind` says. */
export async function join(client: ProductClient, email: string, kind: MembershipKind): Promise<Membership> {
  const token = await untilAnswered(() => client.signUp(email, 'Asha Rao'));
  await untilOk(() => client.call('/user/update-profile', { token, body: COMPLETE_PROFILE }));
  return subscribe(client, token, kind);
}

/** A member with a complete profile and no live membership takes one on the emulator, then acts as `kind` says. */
export async function subscribe(client: ProductClient, token: string, kind: MembershipKind): Promise<Membership> {
  // Payments learns the profile from identity's events before it will start a mandate; a repeat after a lost answer
  // is given the same open attempt back.
  const mandate = await untilOk(() => client.call('/subscription/create-upi-mandate', { token, body: {} }));
  const subscriptionId = mandate.body.data.subscription_id as string;
  if (kind === 'abandons') return { kind, subscriptionId };
  await choose(client, mandate.body.data.payment_link, { outcome: 'success', upi_id: 'asha@upi' }, 'This mandate is approved');
  // The order page asks for the mandate's status until it is settled (asking the gateway, should the webhook be lost).
  await untilAnswered(async () => {
    await client.call(`/subscription/mandate-status/${subscriptionId}`, { token });
    return (await membershipStatus(client, token)) === 'active' ? true : undefined;
  });
  // The member's bank fails the renewal debits: the emulator's switch, on its own port (where its pages are).
  if (kind === 'declines') {
    const emulator = new URL(mandate.body.data.payment_link).origin;
    await untilOk(() =>
      client.call(`${emulator}/pay/simulator/subscriptions/${subscriptionId}/next-charge`, { body: { outcome: 'FAILED' } }),
    );
  }
  if (kind === 'opts out')
    await untilOk(() => client.call('/api/subscription/toggle-auto-renewal', { token, body: { autoRenewal: false } }));
  return { kind, subscriptionId };
}

/** The status of the member's latest membership (`active`, `expired`...), as the member's page shows it. */
export async function membershipStatus(client: ProductClient, token: string): Promise<string | undefined> {
  const current = await untilOk(() => client.call('/subscription/current', { token }));
  return current.body.data.subscription?.status;
}

/** The member's current membership, as a renewing one (the buyers keep theirs for the whole suite). */
export async function currentMembership(client: ProductClient, token: string): Promise<Membership> {
  const current = await untilOk(() => client.call('/subscription/current', { token }));
  return { kind: 'renews', subscriptionId: current.body.data.subscription.subscription_id as string };
}
