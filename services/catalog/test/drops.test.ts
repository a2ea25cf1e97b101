import { ManualClock, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, internal, productForm, startCatalog } from './helpers.js';

// The default calendar counts from Friday 3 January 2025: drops on 17 and 31 January, 14 and 28 February...
const at = (iso: string) => new Date(iso);
// "Friday midnight" is the midnight that ends Friday, as "Sunday midnight" ends Sunday (docs/decisions/0087).
const FRIDAY_NOON_IST = at('2025-01-17T06:30:00Z');
const FRIDAY_235959_IST = at('2025-01-17T18:29:59Z');
const FRIDAY_MIDNIGHT_IST = at('2025-01-17T18:30:00Z');
const SUNDAY_235959_IST = at('2025-01-19T18:29:59Z');
const MONDAY_000000_IST = at('2025-01-19T18:30:00Z');

describe.each(DATABASE_KINDS)('deal drops on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let catalog: ServiceHarness;
  let admin: { token: string; adminId: string };
  let order = 0;

  beforeAll(async () => {
    if (!available) return;
    catalog = await startCatalog(kind, {}, clock);
    admin = catalog.adminSession();
  });
  afterAll(async () => catalog?.close());
  afterEach(() => clock.reset());

  const hold = async (productId: string) => {
    const now = clock.now();
    const { body } = await internal(catalog, '/internal/stock/hold', {
      orderId: `ORD-drop-${kind}-${++order}`,
      productId,
      quantity: 1,
      holdUntil: new Date(now.getTime() + 30 * 60_000).toISOString(),
    });
    return body.data as { held: boolean; reason?: string };
  };
  const shown = async (productId: string) => {
    const { body } = await catalog.json('/product/list?enabled_only=true&limit=15');
    return body.data.products.find((product: { id: string }) => product.id === productId);
  };
  const drops = (query = '', token = admin.token) => catalog.json(`/admin/drops${query}`, { token });

  it.runIf(available)('sells a product of a drop from Friday midnight to Sunday midnight India time, not a second outside', async () => {
    const product = await createProduct(catalog, admin, { dropId: 'DROP-2025-01-17', stock: 10 });
    expect(product.saleStartAt).toBeNull(); // the admin's view keeps the product's own (empty) dates
    expect(product.saleWindow).toMatchObject({ source: 'drop', startAt: '2025-01-17T18:30:00.000Z', endAt: '2025-01-19T18:30:00.000Z' });

    for (const before of [FRIDAY_NOON_IST, FRIDAY_235959_IST]) {
      clock.set(before);
      expect(await hold(product.id)).toEqual({ held: false, reason: 'not_buyable' });
      expect(await shown(product.id)).toMatchObject({
        saleState: 'upcoming',
        saleStartAt: '2025-01-17T18:30:00.000Z',
        saleEndAt: '2025-01-19T18:30:00.000Z',
      });
    }
    clock.set(FRIDAY_MIDNIGHT_IST);
    expect((await hold(product.id)).held).toBe(true);
    expect((await shown(product.id)).saleState).toBe('open');
    clock.set(SUNDAY_235959_IST);
    expect((await hold(product.id)).held).toBe(true);
    expect((await shown(product.id)).saleState).toBe('open');
    clock.set(MONDAY_000000_IST);
    expect(await hold(product.id)).toEqual({ held: false, reason: 'not_buyable' });
    expect((await shown(product.id)).saleState).toBe('ended');
    const forOrders = await internal(catalog, `/internal/products/${product.id}`);
    expect(forOrders.body.data).toMatchObject({ saleStartAt: '2025-01-17T18:30:00.000Z', saleEndAt: '2025-01-19T18:30:00.000Z' });
  });

  it.runIf(available)('lets a product with no dates and no drop follow the calendar: the open drop, else the next', async () => {
    const product = await createProduct(catalog, admin, { name: 'Calendar Follower' });
    clock.set(at('2025-01-21T06:00:00Z')); // a Tuesday between drops
    expect(await shown(product.id)).toMatchObject({ saleState: 'upcoming', saleStartAt: '2025-01-31T18:30:00.000Z' });
    expect((await hold(product.id)).reason).toBe('not_buyable');
    clock.set(at('2025-02-01T06:00:00Z')); // the Saturday of the drop of 31 January
    expect(await shown(product.id)).toMatchObject({ saleState: 'open', saleEndAt: '2025-02-02T18:30:00.000Z' });
    expect((await hold(product.id)).held).toBe(true);
  });

  it.runIf(available)('lists the calendar for admins only, with what is open now', async () => {
    expect((await drops('', '')).status).toBe(401);
    expect((await drops('', catalog.memberSession().token)).status).toBe(401);
    clock.set(at('2025-01-18T06:00:00Z'));
    const { status, body } = await drops('?from=2025-01-01&to=2025-02-10');
    expect(status).toBe(200);
    expect(body.data.anchor).toBe('2025-01-03');
    expect(body.data.current).toMatchObject({ id: 'DROP-2025-01-17', status: 'open' });
    const calendar = body.data.drops.filter((drop: { source: string }) => drop.source === 'calendar');
    expect(calendar.map((drop: { id: string; status: string }) => [drop.id, drop.status])).toEqual([
      ['DROP-2025-01-03', 'closed'],
      ['DROP-2025-01-17', 'open'],
      ['DROP-2025-01-31', 'scheduled'],
    ]);
    expect(calendar[2]).toMatchObject({ opensAt: '2025-01-31T18:30:00.000Z', closesAt: '2025-02-02T18:30:00.000Z', moved: false });
    expect(calendar.map((drop: { calendarWarning: string | null }) => drop.calendarWarning)).toEqual([null, null, null]);
    expect((await drops('?from=2025-13-01')).status).toBe(400);
    expect((await drops('?from=2020-01-01&to=2030-01-01')).status).toBe(400);
    // The last weeks of year 9999: the day after them has no YYYY-MM-DD. Refused as a date, not failed on.
    const farFuture = await drops('?from=9999-12-01&to=9999-12-31');
    expect(farFuture.status).toBe(400);
    expect(farFuture.body.message).toContain('The first day must be between 2000-01-01 and 2099-12-31');
    expect((await drops('?from=2025-02-30')).body.message).toContain('The first day must be a real date');
  });

  it.runIf(available)('lets admins create a drop on a Friday or over an exact window, refusing impossible ones', async () => {
    clock.set(at('2025-03-01T06:00:00Z'));
    const post = (body: unknown, token = admin.token) => catalog.json('/admin/drops', { method: 'POST', token, body });
    expect((await post({ opensOn: '2025-03-07' }, catalog.memberSession().token)).status).toBe(401);
    const onCalendar = await post({ opensOn: '2025-03-14', label: 'Spring drop' });
    expect(onCalendar.status).toBe(201);
    expect(onCalendar.body.message).toBe('Deal drop scheduled');
    expect(onCalendar.body.data).toMatchObject({
      id: expect.stringMatching(/^DRP-/),
      label: 'Spring drop',
      opensAt: '2025-03-14T18:30:00.000Z',
      closesAt: '2025-03-16T18:30:00.000Z',
      source: 'admin',
      status: 'scheduled',
      calendarWarning: null,
    });
    // The Friday between two calendar drops: scheduled, with the warning in the answer.
    const offWeek =
      'Off the drop calendar: members are promised drops from Friday midnight to Sunday midnight, India time, every other week (the nearest on Fridays 28/02/2025 and 14/03/2025).';
    const friday = await post({ opensOn: '2025-03-07', label: 'Holi drop' });
    expect(friday.status).toBe(201);
    expect(friday.body.message).toBe(`Deal drop scheduled. ${offWeek}`);
    expect(friday.body.data).toMatchObject({
      label: 'Holi drop',
      opensAt: '2025-03-07T18:30:00.000Z',
      closesAt: '2025-03-09T18:30:00.000Z',
      status: 'scheduled',
      calendarWarning: offWeek,
    });
    const listed = await drops('?from=2025-03-01&to=2025-03-20');
    const holi = listed.body.data.drops.find((drop: { id: string }) => drop.id === friday.body.data.id);
    expect(holi.calendarWarning).toBe(offWeek);
    const refusals: [unknown, string][] = [
      [{ opensOn: '2025-03-08' }, 'A deal drop opens on a Friday'],
      [{ opensAt: '2025-03-10T00:00:00+05:30', closesAt: '2025-03-09T00:00:00+05:30' }, 'A deal drop must close after it opens'],
      [{ opensAt: '2025-02-10T00:00:00+05:30', closesAt: '2025-02-12T00:00:00+05:30' }, 'A deal drop must close in the future'],
      [{ opensAt: '2025-03-10T00:00:00+05:30', closesAt: '2025-05-10T00:00:00+05:30' }, 'at most 31 days'],
      [{}, 'Give either opensOn (a Friday) or both opensAt and closesAt'],
      [{ opensOn: 'friday' }, 'The opening day must be a real date, written as YYYY-MM-DD'],
      [{ opensOn: '9999-12-31' }, 'The opening day must be between 2000-01-01 and 2099-12-31'],
    ];
    for (const [body, message] of refusals) {
      const { status, body: answer } = await post(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message).toContain(message);
    }
    const exact = await post({ opensAt: '2025-03-13T10:00:00+05:30', closesAt: '2025-03-16T23:59:59+05:30' });
    expect(exact.status).toBe(201);
    expect(exact.body.data).toMatchObject({
      opensAt: '2025-03-13T04:30:00.000Z',
      closesAt: '2025-03-16T18:29:59.000Z',
      label: 'Deal drop of 13/03/2025',
      calendarWarning: expect.stringContaining('(the nearest on Fridays 28/02/2025 and 14/03/2025)'),
    });
    // An exact window that is a calendar weekend keeps to the calendar.
    const exactWeekend = await post({ opensAt: '2025-03-29T00:00:00+05:30', closesAt: '2025-03-31T00:00:00+05:30' });
    expect(exactWeekend.body).toMatchObject({
      message: 'Deal drop scheduled',
      data: { calendarWarning: null, label: 'Deal drop of 28/03/2025' },
    });
    const events = await sql<{ type: string; actor: string }>`
      select type, metadata->>'actor' as actor from events where stream_id = ${`drop-${friday.body.data.id}`}`.execute(catalog.db);
    expect(events.rows).toEqual([{ type: 'DropScheduled', actor: `admin:${admin.adminId}` }]);
  });

  it.runIf(available)('moves a calendar drop and its products with it', async () => {
    clock.set(at('2025-02-20T06:00:00Z'));
    const product = await createProduct(catalog, admin, { dropId: 'DROP-2025-02-28' });
    const moved = await catalog.json('/admin/drops/DROP-2025-02-28', {
      method: 'PUT',
      token: admin.token,
      body: { opensOn: '2025-03-07' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: 'DROP-2025-02-28', source: 'calendar', moved: true, opensAt: '2025-03-07T18:30:00.000Z' });
    expect(moved.body.message).toMatch(/^Deal drop moved\. Off the drop calendar: /);
    expect(moved.body.data.calendarWarning).toContain('(the nearest on Fridays 28/02/2025 and 14/03/2025)');
    clock.set(at('2025-03-01T06:00:00Z')); // would have been open before the move
    expect((await hold(product.id)).reason).toBe('not_buyable');
    clock.set(at('2025-03-08T06:00:00Z'));
    expect((await hold(product.id)).held).toBe(true);
    const events = await sql<{ type: string }>`select type from events where stream_id = 'drop-DROP-2025-02-28'`.execute(catalog.db);
    expect(events.rows.map((row) => row.type)).toEqual(['DropMoved']);
  });

  it.runIf(available)(
    'cancels a drop: its products wait for the next calendar drop, and it can be neither moved nor used again',
    async () => {
      clock.set(at('2025-04-01T06:00:00Z'));
      const product = await createProduct(catalog, admin, { dropId: 'DROP-2025-04-11' });
      const cancelled = await catalog.json('/admin/drops/DROP-2025-04-11', { method: 'DELETE', token: admin.token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ id: 'DROP-2025-04-11', status: 'cancelled' });
      const again = await catalog.json('/admin/drops/DROP-2025-04-11', { method: 'DELETE', token: admin.token });
      expect(again.body.data.status).toBe('cancelled');
      const events = await sql<{ type: string }>`select type from events where stream_id = 'drop-DROP-2025-04-11'`.execute(catalog.db);
      expect(events.rows.map((row) => row.type)).toEqual(['DropCancelled']);

      expect(await shown(product.id)).toMatchObject({ saleStartAt: '2025-04-25T18:30:00.000Z' }); // Friday 25 April's midnight, IST
      clock.set(at('2025-04-12T06:00:00Z'));
      expect((await hold(product.id)).reason).toBe('not_buyable');
      const move = await catalog.json('/admin/drops/DROP-2025-04-11', {
        method: 'PUT',
        token: admin.token,
        body: { opensOn: '2025-04-18' },
      });
      expect(move.status).toBe(409);
      const reuse = await catalog.json('/product/create', {
        method: 'POST',
        token: admin.token,
        body: productForm({ dropId: 'DROP-2025-04-11' }),
      });
      expect(reuse.status).toBe(400);
      expect(reuse.body.message).toBe('The deal drop DROP-2025-04-11 was cancelled');
      expect((await catalog.json('/admin/drops/DROP-2025-04-12', { method: 'DELETE', token: admin.token })).status).toBe(404);
      expect(
        (await catalog.json('/admin/drops/DRP-NOPE00', { method: 'PUT', token: admin.token, body: { opensOn: '2025-04-18' } })).status,
      ).toBe(404);
    },
  );

  it.runIf(available)("tells orders the drop open or next with its units left, and each product's drop", async () => {
    // A Monday between drops, after every drop the tests above schedule: the next is Friday 6 June's.
    clock.set(at('2025-06-02T06:00:00Z'));
    const next = async () => (await internal(catalog, '/internal/drops/next')).body.data;
    const before = await next();
    expect(before).toMatchObject({
      id: 'DROP-2025-06-06',
      label: 'Deal drop of 06/06/2025',
      opensAt: '2025-06-06T18:30:00.000Z',
      closesAt: '2025-06-08T18:30:00.000Z',
    });
    const inDrop = await createProduct(catalog, admin, { dropId: 'DROP-2025-06-06', stock: 4 });
    const ownWindow = await createProduct(catalog, admin, {
      stock: 5,
      saleStartAt: '2025-06-06T18:30:00.000Z',
      saleEndAt: '2025-06-07T18:30:00.000Z',
    });
    // Its own window is not the drop's, even when it opens at the same moment: its buyers do not queue in the room.
    expect((await next()).unitsLeft).toBe(before.unitsLeft + 4);
    expect((await internal(catalog, `/internal/products/${inDrop.id}`)).body.data.dropId).toBe('DROP-2025-06-06');
    expect((await internal(catalog, `/internal/products/${ownWindow.id}`)).body.data.dropId).toBeNull();
  });
});
