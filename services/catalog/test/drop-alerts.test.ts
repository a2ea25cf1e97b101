import { dropAlertsRequestSchema, identityEvents, ordersEvents, paymentsEvents } from '@elts/contracts';
import { createServiceApp, ManualClock } from '@elts/platform';
import { type ServiceHarness, silentLogger, startServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DROP_MOMENT_JOB, PLAN_DROP_ALERTS_JOB } from '../src/alerts/drop-alert-jobs.js';
import { DropCalendar } from '../src/domain/drops.js';
import { catalogService } from '../src/service.js';
import { announceMember, createProduct, instanceOf } from './helpers.js';

const HOUR = 3_600_000;
type Request = z.output<typeof dropAlertsRequestSchema>;

/**
 * Identity's `POST /internal/drop-alerts` as its contract and decision 0088 say: the body validated by the shared
 * schema, one message per (member, drop, moment), `already_sent` when asked again.
 */
function identityStandIn() {
  const requests: Request[] = [];
  const answered: Record<string, number>[] = [];
  const sent = new Set<string>();
  const app = createServiceApp({ name: 'identity', logger: silentLogger() });
  app.post('/internal/drop-alerts', async (c) => {
    const request = dropAlertsRequestSchema.parse(await c.req.json());
    requests.push(request);
    const outcomes: Record<string, number> = {};
    for (const member of request.members) {
      const key = `${member.memberId}:${request.dropId}:${request.moment}`;
      const outcome = sent.has(key) ? 'already_sent' : 'queued';
      sent.add(key);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    answered.push(outcomes);
    return c.json({ is_success: true, data: { outcomes } });
  });
  return { app, requests, answered };
}

// A year ahead of the real clock: the job driver claims due steps by the database's clock, so nothing planned here
// runs on its own; the test runs each step itself.
const start = new Date(Math.ceil((Date.now() + 365 * 24 * HOUR) / HOUR) * HOUR);

describe('drop alerts: the catalog plans a drop’s messages and sends them to identity', () => {
  const clock = new ManualClock();
  const identity = identityStandIn();
  let catalog: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    clock.set(start);
    catalog = await startServiceHarness(catalogService, {
      kind: 'pglite',
      clock,
      env: { SEED_DEMO_CATALOG: 'false', WORKFLOW_POLL_MS: '25' },
      sources: [identityEvents, paymentsEvents, ordersEvents],
      stubs: { identity: identity.app },
    });
    admin = catalog.adminSession();
  });
  afterAll(async () => catalog?.close());

  const planned = async (dropId: string) =>
    Object.fromEntries(
      (await instanceOf(catalog).scheduler.pending(DROP_MOMENT_JOB))
        .filter((job) => job.key.startsWith(`${dropId}:`))
        .map((job) => [job.key.slice(dropId.length + 1), new Date(job.due_at).toISOString()]),
    );
  const at = (ms: number) => new Date(start.getTime() + ms).toISOString();

  it('plans the preview, the opening and the last call when a drop is created, moves them with it, and drops them when it is cancelled', async () => {
    const created = await catalog.json('/admin/drops', {
      method: 'POST',
      token: admin.token,
      body: { opensAt: at(48 * HOUR), closesAt: at(96 * HOUR) },
    });
    expect(created.status).toBe(201);
    const dropId = created.body.data.id as string;
    expect(await planned(dropId)).toEqual({ preview: at(45 * HOUR), opening: at(48 * HOUR), last_call: at(94 * HOUR) });

    const moved = await catalog.json(`/admin/drops/${dropId}`, {
      method: 'PUT',
      token: admin.token,
      body: { opensAt: at(72 * HOUR), closesAt: at(73 * HOUR) },
    });
    expect(moved.status).toBe(200);
    // One hour long: a last call two hours before it closes would come before it opens, so there is none.
    expect(await planned(dropId)).toEqual({ preview: at(69 * HOUR), opening: at(72 * HOUR) });

    // Created two hours before it opens: the preview is late but still true, so it goes at once.
    const soon = await catalog.json('/admin/drops', {
      method: 'POST',
      token: admin.token,
      body: { opensAt: at(2 * HOUR), closesAt: at(30 * HOUR) },
    });
    expect(await planned(soon.body.data.id)).toEqual({ preview: at(0), opening: at(2 * HOUR), last_call: at(28 * HOUR) });

    expect((await catalog.json(`/admin/drops/${dropId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await planned(dropId)).toEqual({});
  });

  it("plans the calendar's drops, which no one creates", async () => {
    const next = new DropCalendar(instanceOf(catalog).context.settings.DROP_ANCHOR_DATE).currentOrNext(
      new Date(start.getTime() + 20 * 24 * HOUR),
    );
    if (!next) throw new Error('no calendar drop');
    clock.set(new Date(next.opensAt.getTime() - 5 * 24 * HOUR));
    await instanceOf(catalog).scheduler.runNow(PLAN_DROP_ALERTS_JOB);
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await planned(next.id)).toEqual({
      preview: iso(next.opensAt.getTime() - 3 * HOUR),
      opening: iso(next.opensAt.getTime()),
      last_call: iso(next.closesAt.getTime() - 2 * HOUR),
    });
    clock.set(start);
  });

  it("sends each member's matches once per moment, the last call only for what is left, and nothing when nothing matches", async () => {
    const opens = 10 * HOUR;
    const drop = await catalog.json('/admin/drops', {
      method: 'POST',
      token: admin.token,
      body: { opensAt: at(opens), closesAt: at(opens + 48 * HOUR) },
    });
    const dropId = drop.body.data.id as string;
    await createProduct(catalog, admin, {
      name: 'Philips Essential Airfryer',
      brand: 'Philips',
      category: 'Home & Garden',
      sku: 'PH-AF',
      stock: 0,
      dropId,
    });
    await createProduct(catalog, admin, { dropId });
    const asha = await announceMember(catalog, { need: ['air fryer'], greed: ['headphones'] });
    const ravi = await announceMember(catalog, { greed: ['wireless headphones'] });
    await announceMember(catalog, { need: ['air fryer'], status: 'expired' });
    await announceMember(catalog, { need: ['bicycle'] });
    const run = async (moment: string, now: number) => {
      clock.set(new Date(start.getTime() + now));
      const before = identity.requests.length;
      await instanceOf(catalog).scheduler.runNow(DROP_MOMENT_JOB, { dropId, moment });
      return identity.requests.slice(before);
    };

    const [preview, ...more] = await run('preview', opens - 3 * HOUR);
    expect(more).toEqual([]);
    expect(preview).toMatchObject({ dropId, moment: 'preview', opensAt: new Date(start.getTime() + opens) });
    const byMember = new Map(preview?.members.map((member) => [member.memberId, member.matches]));
    expect([...byMember.keys()].sort()).toEqual([asha.memberId, ravi.memberId].sort());
    expect(byMember.get(asha.memberId)).toEqual([
      { list: 'need', item: 'air fryer', productName: 'Philips Essential Airfryer' },
      { list: 'greed', item: 'headphones', productName: 'Sony WH-1000XM5 Wireless Headphones' },
    ]);
    expect(byMember.get(ravi.memberId)).toEqual([
      { list: 'greed', item: 'wireless headphones', productName: 'Sony WH-1000XM5 Wireless Headphones' },
    ]);

    // The step run again (a retry, a restart mid-send): identity has them already, nothing is queued twice.
    const [again] = await run('preview', opens - 2 * HOUR);
    expect(again?.members).toEqual(preview?.members);
    expect(identity.answered.at(-1)).toEqual({ already_sent: 2 });

    // The last call names only what can still be bought: the air fryer has no unit.
    const [lastCall] = await run('last_call', opens + 46 * HOUR);
    expect(lastCall?.members.map((member) => member.matches.map((match) => match.productName))).toEqual([
      ['Sony WH-1000XM5 Wireless Headphones'],
      ['Sony WH-1000XM5 Wireless Headphones'],
    ]);

    // Too late to be true: a preview run after the opening (the service was down), an opening after the close.
    expect(await run('preview', opens + HOUR)).toEqual([]);
    expect(await run('opening', opens + 49 * HOUR)).toEqual([]);
    clock.set(start);
  });
});
