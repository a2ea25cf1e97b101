import { randomUUID } from 'node:crypto';
import { identityEvents, ordersEvents, paymentsEvents } from '@elts/contracts';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import type { Clock } from '@elts/platform';
import { type DatabaseKind, eventually, type ServiceHarness, startServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { sql } from 'kysely';
import { type CatalogInstance, catalogService } from '../src/service.js';

/** The catalog on `kind`; a test that stands at chosen instants gives its own `clock` (a ManualClock). */
export function startCatalog(kind: DatabaseKind, env: Record<string, string> = {}, clock?: Clock) {
  return startServiceHarness(catalogService, {
    kind,
    ...(clock ? { clock } : {}),
    env: { SEED_DEMO_CATALOG: 'false', WORKFLOW_POLL_MS: '25', ...env },
    sources: [identityEvents, paymentsEvents, ordersEvents],
  });
}

export const instanceOf = (catalog: ServiceHarness) => catalog.booted.instance as CatalogInstance;

/** A valid product form; override what the test is about. */
export function productForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sony WH-1000XM5 Wireless Headphones',
    price: 26990,
    amazonPrice: 34990,
    category: 'Electronics',
    brand: 'Sony',
    stock: 10,
    images: ['/product/images/headphones.svg'],
    descriptions: [{ title: 'Highlights', content: 'Noise cancelling.' }],
    sku: 'SONY-XM5',
    variantGroup: null,
    isVariantPrimary: false,
    hsnCode: '85183000',
    gstRate: 18,
    saleStartAt: null,
    saleEndAt: null,
    ...overrides,
  };
}

/** A product that can be bought now: its own window opened an hour ago and closes in a day. */
export function openWindow(now = new Date()) {
  return {
    saleStartAt: new Date(now.getTime() - 3600_000).toISOString(),
    saleEndAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
  };
}

export async function createProduct(catalog: ServiceHarness, admin: { token: string }, overrides: Record<string, unknown> = {}) {
  const { status, body } = await catalog.json('/product/create', { method: 'POST', token: admin.token, body: productForm(overrides) });
  if (status !== 201) throw new Error(`create answered ${status}: ${JSON.stringify(body)}`);
  return body.data as { id: string; [key: string]: any };
}

export interface TestMember {
  memberId: string;
  token: string;
  email: string;
}

/** A member as identity and payments would announce them: registered, with lists, and (by default) subscribed. */
export async function announceMember(
  catalog: ServiceHarness,
  options: { need?: string[]; greed?: string[]; status?: 'active' | 'expired' | 'pending' | 'none'; email?: string } = {},
): Promise<TestMember> {
  const memberId = randomUUID();
  const email = options.email ?? `m.${memberId.slice(0, 8)}@example.in`;
  await catalog
    .source('identity')
    .append(`member-${memberId}`, 0, [
      memberRegisteredEvent(memberId, { email }),
      { type: 'ListsUpdated', data: { memberId, needList: options.need ?? [], greedList: options.greed ?? [] } },
    ]);
  const status = options.status ?? 'active';
  if (status !== 'none') {
    await catalog
      .source('payments')
      .append(`subscription-${memberId}`, 'any', [
        { type: 'SubscriptionStatusChanged', data: { subscriptionId: `sub-${memberId}`, memberId, status, validUntil: null } },
      ]);
  }
  await eventually(async () => {
    const row = await sql<{ status: string; email: string | null; lists: number }>`
      select subscription_status as status, email, cardinality(need_list) + cardinality(greed_list) as lists
      from members where member_id = ${memberId}`.execute(catalog.db);
    const member = row.rows[0];
    const lists = (options.need?.length ?? 0) + (options.greed?.length ?? 0);
    return Boolean(member && member.email === email && member.lists === lists && member.status === status);
  });
  return { memberId, email, token: catalog.memberSession(memberId).token };
}

/** An internal call as the orders service makes it, with the service token. */
export function internal<T = any>(catalog: ServiceHarness, path: string, body?: unknown) {
  return catalog.json<T>(path, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body }),
    headers: { 'x-service-token': TEST_SERVICE_TOKEN },
  });
}

export const inMinutes = (minutes: number, from = new Date()) => new Date(from.getTime() + minutes * 60_000).toISOString();

export async function stockRow(catalog: ServiceHarness, productId: string) {
  const row = await sql<{ on_hand: number; held: number; sold: number }>`
    select on_hand, held, sold from stock where product_id = ${productId}`.execute(catalog.db);
  return row.rows[0];
}
