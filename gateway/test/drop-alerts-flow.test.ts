import { randomUUID } from 'node:crypto';
import { catalogService } from '@elts/catalog';
import {
  DEFAULT_ALERT_PREFERENCES,
  fromIndianWallClock,
  identityEvents,
  indianWallClock,
  ordersEvents,
  paymentsEvents,
} from '@elts/contracts';
import { memberRegisteredEvent } from '@elts/contracts/testing';
import { identityService } from '@elts/identity';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** India's wall clock `hours` from now, HH:MM. */
const clockIn = (hours: number) => indianWallClock(new Date(Date.now() + hours * 3_600_000)).slice(11, 16);

/** An air fryer in the drop, by the admin's product form. */
const addAirfryer = (catalog: ServiceHarness, token: string, dropId: string, sku: string) =>
  catalog.json('/product/create', {
    method: 'POST',
    token,
    body: {
      name: 'Philips Essential Airfryer',
      price: 6999,
      amazonPrice: 9995,
      category: 'Home & Garden',
      brand: 'Philips',
      stock: 5,
      images: ['/product/images/headphones.svg'],
      descriptions: [{ title: 'Highlights', content: 'Crisp without oil.' }],
      sku,
      variantGroup: null,
      isVariantPrimary: false,
      saleStartAt: null,
      saleEndAt: null,
      dropId,
      hsnCode: '85166000',
      gstRate: 5,
    },
  });

/**
 * A drop's preview from end to end, the catalog and identity each on its own database and talking through the
 * internal port (docs/decisions/0088): a drop created two hours before it opens has its preview due at once; the
 * catalog's job driver runs it, identity queues the member's mail, and the mail waits out the member's quiet hours.
 */
describe('drop alerts from the catalog to a member in quiet hours', () => {
  let identity: ServiceHarness;
  let catalog: ServiceHarness;

  beforeAll(async () => {
    identity = await startServiceHarness(identityService, {
      kind: 'pglite',
      env: { PUBLIC_URL: 'http://localhost:3000' },
      sources: [paymentsEvents, ordersEvents],
    });
    catalog = await startServiceHarness(catalogService, {
      kind: 'pglite',
      env: { SEED_DEMO_CATALOG: 'false', WORKFLOW_POLL_MS: '25' },
      sources: [identityEvents, paymentsEvents, ordersEvents],
      stubs: { identity: { fetch: (request) => identity.booted.instance.app.fetch(request) } },
    });
  });
  afterAll(async () => {
    await catalog?.close();
    await identity?.close();
  });

  it('queues the preview once and holds its mail until the quiet hours end', async () => {
    const email = `asha.${randomUUID().slice(0, 8)}@example.in`;
    const { body: token } = await identity.json('/dev/idp/id-token', { method: 'POST', body: { email, name: 'Asha Rao' } });
    const login = await identity.json('/user/login', { method: 'POST', body: { credential: token.id_token } });
    const memberId = (await identity.json('/user/get-profile', { method: 'POST', token: login.body.token })).body.data[0].id as string;
    const quiet = { from: clockIn(-1), until: clockIn(1) };
    const chose = await identity.json('/user/alert-preferences', {
      method: 'PUT',
      token: login.body.token,
      body: { ...DEFAULT_ALERT_PREFERENCES, channels: { email: true, inbox: true }, quietHours: quiet },
    });
    expect(chose.status).toBe(200);

    // What the catalog hears of the member from identity and payments: their lists and an active membership.
    await catalog
      .source('identity')
      .append(`member-${memberId}`, 0, [
        memberRegisteredEvent(memberId, { email }),
        { type: 'ListsUpdated', data: { memberId, needList: ['air fryer'], greedList: [] } },
      ]);
    await catalog
      .source('payments')
      .append(`subscription-${memberId}`, 'any', [
        { type: 'SubscriptionStatusChanged', data: { subscriptionId: `sub-${memberId}`, memberId, status: 'active', validUntil: null } },
      ]);
    await eventually(async () => {
      const rows = await sql<{ status: string }>`select subscription_status as status from members where member_id = ${memberId}
        and cardinality(need_list) = 1`.execute(catalog.db);
      return rows.rows[0]?.status === 'active';
    });

    const admin = catalog.adminSession();
    const opensAt = new Date(Date.now() + 2 * 3_600_000);
    const drop = await catalog.json('/admin/drops', {
      method: 'POST',
      token: admin.token,
      body: { opensAt: opensAt.toISOString(), closesAt: new Date(opensAt.getTime() + 48 * 3_600_000).toISOString() },
    });
    expect(drop.status).toBe(201);
    const dropId = drop.body.data.id as string;
    expect((await addAirfryer(catalog, admin.token, dropId, 'PH-AF-FLOW')).status).toBe(201);
    // The preview planned at the drop's creation ran at once and found nothing in it; adding the product plans it
    // again, due at once, and it finds the air fryer.
    await eventually(async () => {
      const rows = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where recipient = ${email}`.execute(identity.db);
      return rows.rows[0]?.n === 1;
    }, 20_000);
    const mail = (
      await sql<{ status: string; subject: string; send_after: Date }>`select status, subject, send_after from mail_outbox
        where recipient = ${email}`.execute(identity.db)
    ).rows[0];
    expect(mail?.subject).toMatch(/^One thing on your lists drops /);
    expect(mail?.status).toBe('pending');
    const end = fromIndianWallClock(`${indianWallClock(new Date(Date.now() + 3_600_000)).slice(0, 10)}T${quiet.until}`) as Date;
    expect(new Date(mail?.send_after as Date).getTime()).toBe(end.getTime());
    const inbox = (await identity.json('/user/alert-inbox', { token: login.body.token })).body.data;
    expect(inbox).toHaveLength(1);

    // Another air fryer in the drop plans the preview again; it runs, and identity, having sent it, sends nothing.
    const mark = new Date();
    expect((await addAirfryer(catalog, admin.token, dropId, 'PH-AF-FLOW-2')).status).toBe(201);
    await eventually(async () => {
      const rows = await sql<{ status: string; updated_at: Date }>`select status, updated_at from scheduled_jobs
        where type = 'alerts.drop-moment' and key = ${`${dropId}:preview`}`.execute(catalog.db);
      const step = rows.rows[0];
      return step?.status === 'done' && new Date(step.updated_at) > mark;
    }, 20_000);
    const mails = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where recipient = ${email}`.execute(identity.db);
    expect(mails.rows[0]?.n).toBe(1);
    expect((await identity.json('/user/alert-inbox', { token: login.body.token })).body.data).toHaveLength(1);
  });
});
