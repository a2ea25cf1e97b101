import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { indianDayOf } from '@elts/contracts';
import {
  contactMessageReceivedEvent,
  invitationCreatedEvent,
  listsUpdatedEvent,
  memberRegisteredEvent,
  subscriptionActivatedEvent,
  subscriptionCancelledEvent,
  subscriptionRequestedEvent,
  subscriptionStatusChangedEvent,
} from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness, silentLogger, type TestDatabase } from '@elts/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAdminReadModels } from '../src/rebuild.js';
import {
  catalogProduct,
  daysAgo,
  minutesAgo,
  type PaymentOutcome,
  record,
  recordOrder,
  recordPayment,
  registerMember,
  settled,
  snapshot,
  startAdminBff,
} from './helpers.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

/** A history touching every read model: members who change their minds, payments, orders, subscriptions, messages. */
async function recordHistory(harness: ServiceHarness, admin: { token: string; adminId: string }) {
  const members: string[] = [];
  for (let n = 1; n <= 8; n++) {
    const memberId = await registerMember(harness, {
      memberNumber: n,
      firstname: `Member${n}`,
      lastname: 'Test',
      email: `member${n}@example.in`,
      profile: { need: ['headphones', `item${n}`, 'bag'], greed: n % 2 ? ['camera'] : [], pincode: `56000${n % 3}` },
      at: daysAgo(10 - n),
    });
    members.push(memberId);
  }
  await record(harness, 'identity', `member-${members[0]}`, [
    listsUpdatedEvent(members[0] as string, { needList: ['Desk', 'lamp', 'pens'], greedList: [] }),
  ]);
  const outcomes: PaymentOutcome[] = ['success', 'failed', 'timeout', 'timeout-reason', 'pending', 'processing'];
  for (const [i, memberId] of members.entries()) {
    for (const [j, outcome] of outcomes.entries()) {
      await recordPayment(harness, {
        paymentId: `PAY-${i}-${j}`,
        memberId,
        amountPaise: 10_000 * (i + j + 1),
        paymentType: j % 2 ? 'product_order' : 'subscription',
        outcome,
        refundedPaise: outcome === 'success' && i % 2 ? 5_000 : 0,
        at: minutesAgo(i * 60 + j),
      });
    }
    for (const [j, outcome] of (['pending', 'processing', 'completed', 'failed', 'cancelled'] as const).entries()) {
      await recordOrder(harness, { orderId: `ORD-${i}-${j}`, memberId, amountPaise: 99_900, outcome, at: minutesAgo(i * 30 + j) });
    }
    const subscriptionId = `SUB-${i}`;
    await record(harness, 'payments', `subscription-${subscriptionId}`, [
      subscriptionRequestedEvent(subscriptionId, { memberId }),
      ...(i % 3 ? [subscriptionActivatedEvent(subscriptionId, { memberId })] : []),
      ...(i % 4 === 1 ? [subscriptionCancelledEvent(subscriptionId, { memberId, revoked: i === 1 })] : []),
      subscriptionStatusChangedEvent(subscriptionId, { memberId, status: i % 3 ? 'active' : 'pending' }),
    ]);
  }
  const actor = { actor: `admin:${admin.adminId}` };
  // A drop that ran from two days ago to yesterday, and its product's units received while it ran.
  await record(harness, 'catalog', 'drop-DRP-REBLD', [
    {
      type: 'DropScheduled',
      data: { dropId: 'DRP-REBLD', opensAt: daysAgo(2).toISOString(), closesAt: daysAgo(1).toISOString(), label: 'Rebuilt drop' },
      metadata: actor,
    },
  ]);
  const inDrop = { dropId: 'DRP-REBLD' };
  await record(
    harness,
    'catalog',
    'product-PRD-REBLD1',
    [
      { type: 'ProductCreated', data: { productId: 'PRD-REBLD1', product: catalogProduct(inDrop), stock: 3 }, metadata: actor },
      {
        type: 'ProductUpdated',
        data: { productId: 'PRD-REBLD1', product: catalogProduct({ ...inDrop, brand: 'Sony India' }), changed: ['brand'] },
        metadata: actor,
      },
      { type: 'ProductEnabled', data: { productId: 'PRD-REBLD1' }, metadata: actor },
      { type: 'StockAdjusted', data: { productId: 'PRD-REBLD1', available: 7, previousAvailable: 3 }, metadata: actor },
    ],
    minutesAgo(36 * 60),
  );
  const messageId = randomUUID();
  await record(harness, 'identity', `contact-${messageId}`, [contactMessageReceivedEvent(messageId)]);
  await record(harness, 'identity', 'invitation-ELTS-1', [
    invitationCreatedEvent('ELTS-1', { createdBy: { kind: 'admin', id: admin.adminId } }),
  ]);
  // admin-bff's own write: kept as it is by a rebuild.
  const trigger = await harness.json('/admin/cron/trigger', { method: 'POST', token: admin.token, body: { mode: 'light' } });
  expect(trigger.status).toBe(200);
  await settled(harness, admin, 60_000);
}

describe.each(DATABASE_KINDS)('rebuilding the read models from the event history on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string; adminId: string };
  let live: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    await recordHistory(harness, admin);
    live = await snapshot(harness.db);
  }, 180_000);
  afterAll(async () => harness?.close());

  it.runIf(available)('built a history worth comparing', () => {
    expect(live.users).toHaveLength(8);
    expect(live.payments).toHaveLength(48);
    expect(live.orders).toHaveLength(40);
    expect(live.subscriptions).toHaveLength(8);
    expect(live.audit.map((row) => row.action)).toEqual(expect.arrayContaining(['cron.trigger', 'product.update', 'invitation.create']));
    expect(live.products).toHaveLength(1);
    expect(live.users.filter((row) => row.subscription_status === 'active')).toHaveLength(5);
    // The Members chart's changes: five memberships started, one revoked (a cancelled renewal is not counted).
    expect(live.membershipChanges.map((row) => row.kind).sort()).toEqual([
      'revoked',
      'started',
      'started',
      'started',
      'started',
      'started',
    ]);
    expect(live.signupStats.reduce((sum, row) => sum + Number(row.users), 0)).toBe(8);
    // Decision 0170's read models: four refunds of 5,000 paise, the product's received units, the paid orders' units.
    expect(live.refunds.map((row) => Number(row.amount_paise))).toEqual([5_000, 5_000, 5_000, 5_000]);
    expect(live.stockMoves.filter((row) => row.product_id === 'PRD-REBLD1').map((row) => Number(row.on_hand))).toEqual(
      expect.arrayContaining([3, 4]),
    );
    expect(live.stockMoves.filter((row) => Number(row.sold) > 0)).toHaveLength(16);
    expect(live.drops).toHaveLength(1);
  });

  it.runIf(available)('keeps every aggregate equal to counting its read model', async () => {
    // Counted here from the read models without the migration's definitions: each difference, both ways, is empty.
    const day = sql`((created_at at time zone 'UTC') + interval '5 hours 30 minutes')::date`;
    const counted = {
      payment_day_stats: sql`select ${day}, payment_type, status,
          status = 'failed' and (auto_failed or coalesce(failure_reason ilike '%timed out%', false)),
          count(*), sum(amount_paise), sum(amount_paise - refunded_paise) from payments group by 1, 2, 3, 4`,
      product_order_day_stats: sql`select ${day}, status, count(*), sum(amount_paise) from product_orders group by 1, 2`,
      subscription_day_stats: sql`select ${day}, s.status, s.start_date is not null, count(*),
          sum((select coalesce(sum(p.amount_paise - p.refunded_paise), 0) from payments p
               where p.order_id = s.subscription_id and p.payment_type = 'subscription' and p.status = 'success'))
          from subscriptions s group by 1, 2, 3`,
      refund_day_stats: sql`select indian_day(refunded_at), count(*), sum(amount_paise) from payment_refunds group by 1`,
      stock_hour_stats: sql`select product_id, indian_hour(at), sum(on_hand), sum(greatest(on_hand, 0)), sum(sold)
          from stock_moves group by 1, 2`,
      stock_day_stats: sql`select product_id, indian_day(at), sum(on_hand), sum(sold) from stock_moves group by 1, 2`,
      user_facets: sql`select coalesce(profession, ''), coalesce(persona, ''), 'all', '', count(*) from users group by 1, 2
          union all select coalesce(profession, ''), coalesce(persona, ''), 'pincode', pincode, count(*) from users
            where pincode is not null group by 1, 2, 4
          union all select coalesce(u.profession, ''), coalesce(u.persona, ''), i.list, i.item, count(*)
            from user_list_items i join users u using (member_id) group by 1, 2, 3, 4`,
    };
    const kept = {
      payment_day_stats: sql`select day, payment_type, status, timed_out, payments, amount_paise, net_paise
          from payment_day_stats where payments <> 0`,
      product_order_day_stats: sql`select day, status, orders, amount_paise from product_order_day_stats where orders <> 0`,
      subscription_day_stats: sql`select day, status, started, subscriptions, paid_paise from subscription_day_stats
          where subscriptions <> 0`,
      refund_day_stats: sql`select day, refunds, amount_paise from refund_day_stats where refunds <> 0`,
      stock_hour_stats: sql`select product_id, hour, on_hand, received, sold from stock_hour_stats`,
      stock_day_stats: sql`select product_id, day, on_hand, sold from stock_day_stats`,
      user_facets: sql`select profession, persona, kind, value, members from user_facets where members <> 0`,
    };
    for (const table of Object.keys(counted) as (keyof typeof counted)[]) {
      const differences = await sql<{ n: number }>`select
          (select count(*) from ((${kept[table]}) except (${counted[table]})) a)::int
          + (select count(*) from ((${counted[table]}) except (${kept[table]})) b)::int as n`.execute(harness.db);
      expect(differences.rows[0]?.n, table).toBe(0);
    }
    expect(live.paymentStats.length).toBeGreaterThan(4);
    expect(live.facets.filter((row) => row.kind === 'need').length).toBeGreaterThan(3);
  });

  it.runIf(available)('POST /admin/projections/rebuild gives exactly what was built live', async () => {
    // The charts read from those read models: a rebuild draws them again the same (decision 0170).
    const charts = async () => {
      const read = async (path: string) => (await harness.json(path, { token: admin.token })).body.data;
      const days = { startDate: indianDayOf(daysAgo(30)), endDate: indianDayOf(new Date()) };
      return {
        payments: await read(`/admin/charts/payments?startDate=${days.startDate}&endDate=${days.endDate}`),
        orders: await read(`/admin/charts/orders?startDate=${days.startDate}&endDate=${days.endDate}`),
        members: await read(`/admin/charts/members?startDate=${days.startDate}&endDate=${days.endDate}&bucket=month`),
        drop: await read('/admin/charts/drops/DRP-REBLD'),
      };
    };
    const drawn = await charts();
    expect(drawn.drop.products).toEqual([expect.objectContaining({ id: 'PRD-REBLD1', offered: 7 })]);
    await sql`update users set firstname = 'Tampered'`.execute(harness.db);
    const { status, body } = await harness.json('/admin/projections/rebuild', { method: 'POST', token: admin.token });
    expect(status).toBe(200);
    expect(body.is_success).toBe(true);
    await settled(harness, admin, 60_000);
    const rebuilt = await snapshot(harness.db);
    const rebuildAudit = rebuilt.audit.filter((row) => row.action === 'projections.rebuild');
    expect(rebuildAudit).toHaveLength(1);
    expect({ ...rebuilt, audit: rebuilt.audit.filter((row) => row.action !== 'projections.rebuild') }).toEqual(live);
    expect(await charts()).toEqual(drawn);
    live = rebuilt;
  });

  it.runIf(available)('the rebuild command gives exactly what was built live, whatever the read models held', async () => {
    await harness.booted.instance.stop?.();
    await sql`delete from payments where status = 'success'`.execute(harness.db);
    await sql`update users set need_list = '{}', subscription_status = 'none'`.execute(harness.db);
    await sql`insert into contact_messages values (${randomUUID()}, 'Stray', 'Row', 'x@example.in', '1', 'query', 'x', now())`.execute(
      harness.db,
    );
    await rebuildAdminReadModels({ database: harness.database, bus: harness.bus, logger: silentLogger(), pollMs: 50 });
    expect(await snapshot(harness.db)).toEqual(live);
    await harness.booted.instance.start?.();
  });

  it.runIf(available && kind === 'postgres')(
    'npm run projections:rebuild rebuilds a PostgreSQL database from the shell',
    async () => {
      await harness.booted.instance.stop?.();
      await sql`delete from users`.execute(harness.db);
      const url = (harness.database as TestDatabase).url as string;
      const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', 'projections:rebuild'], {
          cwd: REPO,
          env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
        });
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
        });
        child.stderr.on('data', (chunk) => {
          text += chunk;
        });
        child.on('close', (code) => resolve({ code, text }));
      });
      expect(output.code, output.text).toBe(0);
      expect(output.text).toMatch(/admin-bff read models rebuilt from the event history in \d+\.\d s/);
      expect(await snapshot(harness.db)).toEqual(live);
      await harness.booted.instance.start?.();
    },
    120_000,
  );
});

describe.each(DATABASE_KINDS)('events of two sources in either order on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
  });
  afterAll(async () => harness?.close());

  it.runIf(available)('keeps a membership announced before the member registration was applied', async () => {
    const memberId = randomUUID();
    await record(harness, 'payments', `subscription-SUB-EARLY`, [
      subscriptionStatusChangedEvent('SUB-EARLY', { memberId, status: 'active' }),
    ]);
    await settled(harness, admin);
    await record(harness, 'identity', `member-${memberId}`, [memberRegisteredEvent(memberId, { memberNumber: 1 })]);
    await settled(harness, admin);
    const { body } = await harness.json('/admin/users', { token: admin.token });
    expect(body.users).toHaveLength(1);
    expect(body.users[0]).toMatchObject({ userId: memberId, subscriptionStatus: 'active' });
  });
});
