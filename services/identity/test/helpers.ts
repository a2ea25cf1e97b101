import { randomUUID } from 'node:crypto';
import { ordersEvents, paymentsEvents } from '@elts/contracts';
import { orderPlacedEvent } from '@elts/contracts/testing';
import { type Clock, type FetchApp, type Logger, sql } from '@elts/platform';
import { type DatabaseKind, eventually, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { identityService } from '../src/service.js';

export const uniqueEmail = (name = 'member') => `${name}.${randomUUID().slice(0, 8)}@example.in`;

export function startIdentity(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  nodeEnv?: 'production',
  stubs?: Record<string, FetchApp>,
  logger?: Logger,
  clock?: Clock,
) {
  return startServiceHarness(identityService, {
    kind,
    env: { PUBLIC_URL: 'http://localhost:3000', ...env },
    sources: [paymentsEvents, ordersEvents],
    ...(nodeEnv ? { nodeEnv } : {}),
    ...(stubs ? { stubs } : {}),
    ...(logger ? { logger } : {}),
    ...(clock ? { clock } : {}),
  });
}

/** A credential from the development identity provider, as its sign-in page would obtain one. */
export async function devCredential(identity: ServiceHarness, email: string, name = 'Asha Rao'): Promise<string> {
  const { status, body } = await identity.json('/dev/idp/id-token', { method: 'POST', body: { email, name } });
  if (status !== 200) throw new Error(`dev idp answered ${status}: ${JSON.stringify(body)}`);
  return body.id_token;
}

export async function signUp(identity: ServiceHarness, email = uniqueEmail(), name = 'Asha Rao', extra: Record<string, unknown> = {}) {
  const credential = await devCredential(identity, email, name);
  const { status, body, headers } = await identity.json('/user/login', { method: 'POST', body: { credential, ...extra } });
  if (status !== 200) throw new Error(`login answered ${status}: ${JSON.stringify(body)}`);
  const profile = await identity.json('/user/get-profile', { method: 'POST', token: body.token });
  return { token: body.token as string, memberId: profile.body.data[0].id as string, email, login: body, headers };
}

export const personalDetails = {
  gender: 'female',
  dob: '1994-03-12',
  firstname: 'Asha',
  lastname: 'Rao',
  mobile: '+91 98765 43210',
};

export async function updateProfile(identity: ServiceHarness, token: string, body: Record<string, unknown>) {
  return identity.json('/user/update-profile', { method: 'POST', token, body });
}

/** Marks a member's subscription as the payments service would announce it, and waits until identity has it. */
export async function setSubscription(identity: ServiceHarness, member: { memberId: string; token: string }, status: 'active' | 'expired') {
  await identity.source('payments').append(`subscription-${member.memberId}`, 'any', [
    {
      type: 'SubscriptionStatusChanged',
      data: { subscriptionId: `sub-${member.memberId}`, memberId: member.memberId, status, validUntil: null },
    },
  ]);
  await eventually(async () => {
    const { body } = await identity.json('/user/get-profile', { method: 'POST', token: member.token });
    return body.data[0].subscription_status === status;
  });
}

/** What the product mailed to an address, oldest first (the outbox keeps every message). */
export async function mailTo(identity: ServiceHarness, address: string) {
  const { rows } = await sql<{ subject: string; body_text: string }>`
    select subject, body_text from mail_outbox where recipient = ${address} order by created_at`.execute(identity.db);
  return rows;
}

/** The token of the latest email-change link mailed to an address. */
export async function confirmationToken(identity: ServiceHarness, address: string): Promise<string> {
  const links = (await mailTo(identity, address)).flatMap((mail) => [
    ...mail.body_text.matchAll(/\/user\/confirm-email\?token=([A-Za-z0-9_-]+)/g),
  ]);
  const token = links.at(-1)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${address}`);
  return token;
}

/** Opens a confirmation link as a mail client would: no session, a plain GET. */
export async function openConfirmation(identity: ServiceHarness, token: string) {
  const res = await identity.request(`/user/confirm-email?token=${encodeURIComponent(token)}`);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** A unit handed over from the waitlist to a member (orders' OrderPlaced), as orders would publish it: `times` over. */
export async function handOver(identity: ServiceHarness, memberId: string, reservedUntil: Date, times = 1) {
  const orderId = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
  const placed = orderPlacedEvent(orderId, { memberId, reservedUntil: reservedUntil.toISOString(), fromWaitlist: true });
  for (let n = 0; n < times; n++)
    await identity.source('orders').append(`order-${orderId}-${n}`, 'any', [orderPlacedEvent(orderId, placed.data)]);
  return orderId;
}
