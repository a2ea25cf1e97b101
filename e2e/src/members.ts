import { randomUUID } from 'node:crypto';
import { COMPLETE_PROFILE } from '@elts/contracts/testing';
import { baseURL } from './browser.js';

/**
 * Members made through the product's own API, so a journey can start from "a subscriber with a complete profile"
 * without replaying every screen before it. The screens themselves are driven in their own journeys.
 */

export interface TestMember {
  email: string;
  name: string;
  token: string;
  /** What sign-in leaves in the tab's session storage (pass to `browser.open(path, { session })`). */
  session: Record<string, string>;
}

export const uniqueEmail = (name = 'member') => `${name}.${randomUUID().slice(0, 8)}@example.in`;

async function call<T = any>(path: string, init: { method?: string; token?: string; body?: unknown; base?: string } = {}) {
  const response = await fetch((init.base ?? baseURL()) + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}: ${text}`);
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs a person in through the development identity provider, as its sign-in page does. */
export async function signUp(options: { email?: string; name?: string; base?: string } = {}): Promise<TestMember> {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? 'Asha Rao';
  const { body: idp } = await call<{ id_token: string }>('/dev/idp/id-token', { body: { email, name }, base: options.base });
  const { body: login } = await call<{ token: string }>('/user/login', { body: { credential: idp.id_token }, base: options.base });
  return { email, name, token: login.token, session: { token: login.token, email, name } };
}

export { COMPLETE_PROFILE };

/** Fills all four onboarding steps at once (the same fields the screens send). */
export async function completeProfile(member: TestMember, overrides: Record<string, unknown> = {}, base?: string): Promise<void> {
  await call('/user/update-profile', { token: member.token, body: { ...COMPLETE_PROFILE, ...overrides }, base });
}

/**
 * Makes the member an active subscriber through the payment simulator: starts the UPI AutoPay mandate and approves
 * it on the simulator's mandate page, then waits until the membership shows active.
 */
export async function subscribe(member: TestMember, base?: string): Promise<void> {
  // Payments hears of the profile through identity's events, so right after completeProfile it may not know it yet.
  const started = async () => {
    for (const deadline = Date.now() + 15_000; ; ) {
      try {
        return await call<{ data: { payment_link: string } }>('/subscription/create-upi-mandate', { token: member.token, body: {}, base });
      } catch (error) {
        if (!String(error).includes('complete your profile') || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const { body } = await started();
  const form = new URLSearchParams({ outcome: 'success', upi_id: 'asha@upi' });
  const decided = await fetch(body.data.payment_link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(body.data.payment_link).origin },
    body: form,
  });
  if (decided.status !== 303) throw new Error(`the simulator's mandate page answered ${decided.status}: ${await decided.text()}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body: current } = await call<{ data: { subscription?: { status: string } } }>('/subscription/current', {
      token: member.token,
      base,
    });
    if (current.data.subscription?.status === 'active') return;
    if (Date.now() > deadline) throw new Error(`the membership did not become active: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A signed-in member with a complete profile and an active membership: where shopping journeys start. */
export async function subscriber(options: { email?: string; name?: string; profile?: Record<string, unknown>; base?: string } = {}) {
  const member = await signUp(options);
  await completeProfile(member, options.profile, options.base);
  await subscribe(member, options.base);
  return member;
}

/** Revokes the member's UPI AutoPay mandate through the API the REVOKE MANDATE button calls (the membership ends). */
export async function revokeMandate(member: TestMember, base?: string): Promise<void> {
  const { body } = await call<{ data: { subscription?: { mandate?: { mandate_id?: string } } } }>('/subscription/current', {
    token: member.token,
    base,
  });
  const mandateId = body.data.subscription?.mandate?.mandate_id;
  if (!mandateId) throw new Error(`the member has no mandate to revoke: ${JSON.stringify(body)}`);
  await call(`/subscription/revoke-mandate/${encodeURIComponent(mandateId)}`, { method: 'PUT', token: member.token, base });
}
