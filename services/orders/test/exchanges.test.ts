import { addDays, formatIndianDay, todayInIndia } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Member, order, startTestbed } from './testbed.js';

const SHIPPED = {
  step: 'shipped',
  courier: 'Blue Dart',
  awb_number: '12345678901',
  tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
};
const ASK = { reason: 'damaged', note: 'The lid arrived cracked in two.' };
const today = () => todayInIndia();
const DAY_MS = 86_400_000;

/**
 * Exchanges (issue 20, docs/decisions/0025): from a delivered order, within 7 days of delivery, the member asks for
 * an exchange; an operator approves (a replacement ships as the order's next shipment, through the same fulfilment
 * steps) or refuses; with no replacement in stock the member is refunded. Every refusal is a 4xx sentence that
 * records nothing.
 */
describe.each(DATABASE_KINDS)('exchanges of an order on %s', (kind) => {
  const available = databaseAvailable(kind);
  let bed: Awaited<ReturnType<typeof startTestbed>>;
  let operator: { token: string; adminId: string };

  beforeAll(async () => {
    if (!available) return;
    bed = await startTestbed(kind, {
      'PRD-HEAD': { stock: 1000, variantGroup: 'GRP-HEAD' },
      'PRD-HEAD-BLUE': { stock: 1000, variantGroup: 'GRP-HEAD', name: 'Noise-cancelling headphones, blue' },
      // Versions of the same product that cannot replace it: dearer, not yet on sale, withdrawn, sold out.
      'PRD-HEAD-MAX': { stock: 1000, variantGroup: 'GRP-HEAD', name: 'Headphones Max', pricePaise: 9_500_000 },
      'PRD-HEAD-2027': {
        stock: 1000,
        variantGroup: 'GRP-HEAD',
        name: 'Headphones 2027',
        saleStartAt: '2027-01-01T00:00:00.000Z',
      },
      'PRD-HEAD-OLD': { stock: 1000, variantGroup: 'GRP-HEAD', name: 'Headphones, old model', isEnabled: false },
      'PRD-HEAD-RED': { stock: 0, variantGroup: 'GRP-HEAD', name: 'Headphones, red' },
      // Enough units for the approvals and refusals raced below.
      'PRD-RACE': { stock: 1000 },
      'PRD-OTHER': { stock: 1000 },
      // One unit each: the order takes it, so nothing is left for a replacement.
      'PRD-LAST': { stock: 1 },
      'PRD-LAST-2': { stock: 1 },
      'PRD-LAST-3': { stock: 1 },
    });
    operator = bed.orders.adminSession();
  });
  afterAll(async () => bed?.close());
  afterEach(() => vi.useRealTimers());

  const step = (id: string, body: Record<string, unknown>) =>
    bed.orders.json(`/admin/fulfilment/${id}`, { method: 'POST', token: operator.token, body });
  const ask = (member: Member, id: string, body: unknown = ASK) =>
    bed.orders.json(`/product/order/${id}/exchange`, { method: 'POST', token: member.token, body });
  const approve = (exchangeId: string, token = operator.token) =>
    bed.orders.json(`/admin/exchanges/${exchangeId}/approve`, { method: 'POST', token, body: {} });
  const refuse = (exchangeId: string, reason: unknown, token = operator.token) =>
    bed.orders.json(`/admin/exchanges/${exchangeId}/refuse`, { method: 'POST', token, body: { reason } });
  const queue = (query = '') => bed.orders.json(`/admin/exchanges${query}`, { token: operator.token });
  const exchangeEvents = async (id: string) =>
    (
      await sql<{ type: string; actor: string }>`
        select type, metadata->>'actor' as actor from events
        where stream_id = ${`order-${id}`} and type like 'Exchange%' order by stream_version`.execute(bed.orders.db)
    ).rows;

  async function paid(productId = 'PRD-HEAD'): Promise<{ member: Member; id: string }> {
    const member = await bed.subscriber();
    const id = (await bed.place(member, order(productId))).body.data.order_id as string;
    await bed.settle(member, id, 'success');
    return { member, id };
  }

  async function delivered(productId = 'PRD-HEAD') {
    const placed = await paid(productId);
    await step(placed.id, { step: 'processing' });
    await step(placed.id, SHIPPED);
    expect((await step(placed.id, { step: 'delivered', delivered_on: today() })).status).toBe(200);
    return placed;
  }

  it.runIf(available)('is asked for, approved, and its replacement shipped and delivered as the order’s second shipment', async () => {
    const { member, id } = await delivered();
    const before = await bed.detail(member, id);
    expect(before.exchanges).toEqual([]);
    expect(before.exchange).toEqual({ available_until: addDays(today(), 7), unavailable_reason: null, variant_group: 'GRP-HEAD' });

    const asked = await ask(member, id, { ...ASK, note: '  The lid arrived cracked in two.  ' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      is_success: true,
      message: 'Exchange requested. We will email you once it is reviewed.',
      data: {
        exchange_id: `${id}-X1`,
        state: 'requested',
        reason: 'damaged',
        note: ASK.note,
        product: { id: 'PRD-HEAD' },
        replacement: null,
      },
    });
    const requested = await bed.detail(member, id);
    expect(requested.exchanges).toMatchObject([{ exchange_id: `${id}-X1`, state: 'requested' }]);
    // While it is open, the button is gone and the page says why.
    expect(requested.exchange).toMatchObject({
      available_until: null,
      unavailable_reason: 'You have already asked for an exchange of this order. You can ask again once it is settled.',
    });
    expect((await queue()).body.data.exchanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          exchange_id: `${id}-X1`,
          state: 'requested',
          order: expect.objectContaining({ customer_name: 'Asha Rao' }),
        }),
      ]),
    );

    const approved = await approve(`${id}-X1`);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(`Exchange ${id}-X1 approved: its replacement waits to be processed.`);
    expect(approved.body.data).toMatchObject({
      state: 'approved',
      ships_by: addDays(today(), 15),
      replacement: { shipment: 2, fulfilment: { step: 'paid' } },
    });
    // The replacement's unit is taken from the catalog's stock under its own key, and committed.
    expect(bed.catalog.holds.get(`${id}-R2`)).toEqual({ productId: 'PRD-HEAD', quantity: 1, state: 'committed' });
    // A second click changes nothing.
    expect((await approve(`${id}-X1`)).body.message).toBe(`Exchange ${id}-X1 was already decided so.`);

    // The replacement goes through the order's own fulfilment steps and routes, as shipment 2.
    expect((await step(id, { step: 'processing', shipment: 2 })).status).toBe(200);
    const shipped = await step(id, { ...SHIPPED, awb_number: '98765432101', shipment: 2 });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.fulfilment).toMatchObject({ step: 'shipped', awb_number: '98765432101' });
    const onTheWay = await bed.detail(member, id);
    expect(onTheWay.fulfilment).toMatchObject({ step: 'delivered', awb_number: '12345678901' });
    expect(onTheWay.exchanges[0]).toMatchObject({
      state: 'replacement_shipped',
      replacement: { shipment: 2, fulfilment: { step: 'shipped', courier: 'Blue Dart', awb_number: '98765432101' } },
    });
    expect((await step(id, { step: 'delivered', delivered_on: today(), shipment: 2 })).status).toBe(200);
    const done = await bed.detail(member, id);
    expect(done.exchanges[0]).toMatchObject({
      state: 'delivered',
      replacement: { fulfilment: { step: 'delivered', delivered_on: today() } },
    });
    // The replacement's delivery opens its own window.
    expect(done.exchange).toMatchObject({ available_until: addDays(today(), 7), unavailable_reason: null });
    expect((await queue()).body.data.exchanges.map((each: { exchange_id: string }) => each.exchange_id)).not.toContain(`${id}-X1`);
    expect((await queue('?state=delivered')).body.data.exchanges.map((each: { exchange_id: string }) => each.exchange_id)).toContain(
      `${id}-X1`,
    );
    expect(await exchangeEvents(id)).toEqual([
      { type: 'ExchangeRequested', actor: `member:${member.memberId}` },
      { type: 'ExchangeApprovalStarted', actor: `admin:${operator.adminId}` },
      { type: 'ExchangeApproved', actor: `admin:${operator.adminId}` },
    ]);
  });

  it.runIf(available)('is refused with a reason, after which the member may ask again', async () => {
    const { member, id } = await delivered();
    await ask(member, id);
    const short = await refuse(`${id}-X1`, 'No');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Please give the member a reason of at least 5 characters');

    const refused = await refuse(`${id}-X1`, 'The photo shows no damage.');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      message: `Exchange ${id}-X1 refused. The member has been mailed the reason.`,
      data: { state: 'refused', refusal_reason: 'The photo shows no damage.' },
    });
    expect((await refuse(`${id}-X1`, 'The photo shows no damage.')).status).toBe(200);
    const other = await refuse(`${id}-X1`, 'Another reason entirely.');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This exchange was already refused.');
    const late = await approve(`${id}-X1`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This exchange was already refused.');
    expect(bed.catalog.holds.has(`${id}-R2`)).toBe(false);

    expect((await bed.detail(member, id)).exchange.available_until).toBe(addDays(today(), 7));
    const again = await ask(member, id, { reason: 'defective', note: 'It does not switch on at all now.' });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ exchange_id: `${id}-X2`, state: 'requested' });
  });

  it.runIf(available)('refunds the member when no replacement is in stock', async () => {
    const { member, id } = await delivered('PRD-LAST');
    await ask(member, id);
    const answer = await approve(`${id}-X1`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`Exchange ${id}-X1: no replacement is in stock, so the member is refunded.`);
    const amount = (await bed.detail(member, id)).amount_paise as number;
    expect(answer.body.data).toMatchObject({ state: 'refunded', replacement: null, refund: { amount: amount / 100 } });
    expect(bed.payments.refunds.get(`RF-${id}-exchange-${id}-X1`)).toMatchObject({ amountPaise: amount, key: `exchange-${id}-X1` });
    // The membership credit the order spent goes back to the member too.
    expect(bed.creditReturned(id)).toBe(true);
    // The order itself shows the refund, as every refund of an order is shown (issue 32).
    expect((await bed.detail(member, id)).refunds).toMatchObject([
      { refund_id: `RF-${id}-exchange-${id}-X1`, kind: 'exchange', method: 'fund_transfer', state: 'refunded', amount_paise: amount },
    ]);
    // Once refunded, the order cannot be exchanged again, and a repeat approval refunds nothing twice.
    expect((await bed.detail(member, id)).exchange.unavailable_reason).toBe(
      'This order was refunded or cancelled, so it cannot be exchanged.',
    );
    const refunds = bed.payments.refunds.size;
    expect((await approve(`${id}-X1`)).status).toBe(200);
    expect(bed.payments.refunds.size).toBe(refunds);
    expect(await exchangeEvents(id)).toEqual([
      { type: 'ExchangeRequested', actor: `member:${member.memberId}` },
      { type: 'ExchangeApprovalStarted', actor: `admin:${operator.adminId}` },
      { type: 'ExchangeRefunded', actor: `admin:${operator.adminId}` },
    ]);
  });

  const settlements = async (id: string) =>
    (
      await sql<{ refund_id: string; outcome: string }>`
        select data->>'refundId' as refund_id, data->>'outcome' as outcome from events
        where stream_id = ${`order-${id}`} and type = 'OrderRefundSettled' order by stream_version`.execute(bed.orders.db)
    ).rows;
  const stateOf = async (member: Member, id: string) => (await bed.detail(member, id)).exchanges[0].state;

  it.runIf(available)(
    'shows a refund pending at the gateway as refunding, then a failed one as failed, in the operators’ Open queue',
    async () => {
      const { member, id } = await delivered('PRD-LAST-2');
      await ask(member, id);
      bed.payments.control.refundStatus = 'pending';
      const answer = await approve(`${id}-X1`).finally(() => delete bed.payments.control.refundStatus);
      expect(answer.body.data).toMatchObject({ state: 'refunding' });
      const refundId = `RF-${id}-exchange-${id}-X1`;

      expect((await bed.detail(member, id)).refunds).toMatchObject([{ refund_id: refundId, state: 'refunding' }]);
      await bed.announceRefund(member, id, refundId, 'RefundFailed');
      await eventually(async () => (await stateOf(member, id)) === 'refund_failed');
      expect((await bed.detail(member, id)).refunds).toMatchObject([{ refund_id: refundId, state: 'refund_failed' }]);
      expect((await queue()).body.data.exchanges).toEqual(
        expect.arrayContaining([expect.objectContaining({ exchange_id: `${id}-X1`, state: 'refund_failed' })]),
      );
      expect((await queue('?state=refund_failed')).body.data.exchanges.map((row: { exchange_id: string }) => row.exchange_id)).toContain(
        `${id}-X1`,
      );
      // Still settled with a refund: the member cannot ask again, and the approval is not made twice.
      expect((await bed.detail(member, id)).exchange.unavailable_reason).toBe(
        'This order was refunded or cancelled, so it cannot be exchanged.',
      );
      expect((await approve(`${id}-X1`)).body.message).toBe(`Exchange ${id}-X1 was already decided so.`);

      // The same outcome heard twice is recorded once; another refund of the order is recorded apart.
      await bed.announceRefund(member, id, refundId, 'RefundFailed');
      await bed.announceRefund(member, id, `${refundId}-later`, 'PaymentRefunded');
      await eventually(async () => (await settlements(id)).length === 2);
      expect(await settlements(id)).toEqual([
        { refund_id: refundId, outcome: 'failed' },
        { refund_id: `${refundId}-later`, outcome: 'success' },
      ]);
      expect(await stateOf(member, id)).toBe('refund_failed');
    },
  );

  it.runIf(available)('shows a refund as refunded when its settlement was heard before the refund was recorded', async () => {
    const { member, id } = await delivered('PRD-LAST-3');
    await ask(member, id);
    const refundId = `RF-${id}-exchange-${id}-X1`;
    await bed.announceRefund(member, id, refundId, 'PaymentRefunded');
    await eventually(async () => (await settlements(id)).length === 1);
    bed.payments.control.refundStatus = 'pending';
    const answer = await approve(`${id}-X1`).finally(() => delete bed.payments.control.refundStatus);
    expect(answer.body.data).toMatchObject({ state: 'refunded' });
    expect(await stateOf(member, id)).toBe('refunded');
  });

  it.runIf(available)('takes the replacement from another version of the product at the same price when the member picks one', async () => {
    const { member, id } = await delivered();
    const elsewhere = await ask(member, id, { ...ASK, product_id: 'PRD-OTHER' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Choose the product you ordered or another version of it.');
    const blue = await ask(member, id, { ...ASK, product_id: 'PRD-HEAD-BLUE' });
    expect(blue.body.data.product).toMatchObject({ id: 'PRD-HEAD-BLUE', name: 'Noise-cancelling headphones, blue', price: 19_999 });
    await approve(`${id}-X1`);
    expect(bed.catalog.holds.get(`${id}-R2`)).toMatchObject({ productId: 'PRD-HEAD-BLUE', state: 'committed' });
  });

  it.runIf(available)('refuses a version that is dearer, not yet on sale, withdrawn or sold out, with a sentence', async () => {
    const { member, id } = await delivered();
    const cases: [string, string][] = [
      [
        'PRD-HEAD-MAX',
        'A replacement must cost what you paid for yours (₹19,999.00), and Headphones Max costs ₹95,000.00. ' +
          'Choose the product you ordered or a version at the same price.',
      ],
      [
        'PRD-HEAD-2027',
        'Headphones 2027 goes on sale on 01/01/2027, so it cannot replace your order yet. ' +
          'Choose the product you ordered or another version of it.',
      ],
      [
        'PRD-HEAD-OLD',
        'Headphones, old model is no longer sold, so it cannot replace your order. Choose the product you ordered or another version of it.',
      ],
      ['PRD-HEAD-RED', 'Headphones, red is out of stock. Choose the product you ordered or another version of it.'],
    ];
    for (const [productId, message] of cases) {
      const answer = await ask(member, id, { ...ASK, product_id: productId });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ is_success: false, message });
    }
    expect(await exchangeEvents(id)).toEqual([]);
    expect(bed.catalog.holds.has(`${id}-R2`)).toBe(false);
  });

  it.runIf(available)('shows operators both prices and the member as their account names them', async () => {
    const { member, id } = await delivered();
    await ask(member, id, { ...ASK, product_id: 'PRD-HEAD-BLUE' });
    const row = (await queue()).body.data.exchanges.find((each: { exchange_id: string }) => each.exchange_id === `${id}-X1`);
    expect(row.product).toMatchObject({ id: 'PRD-HEAD-BLUE', price: 19_999 });
    // The delivery form said 'Asha Rao <asha@example.in>'; the account says otherwise, and its latest change counts.
    await bed.orders.source('identity').append(`member-${member.memberId}`, 'any', [
      {
        type: 'PersonalDetailsUpdated',
        data: {
          memberId: member.memberId,
          gender: null,
          dob: null,
          firstname: 'Asha',
          lastname: 'Kulkarni',
          mobile: null,
          email: 'asha.k@example.in',
        },
      },
    ]);
    await eventually(async () => {
      const row = (await queue()).body.data.exchanges.find((each: { exchange_id: string }) => each.exchange_id === `${id}-X1`);
      return row.order.customer_email === 'asha.k@example.in';
    });
    const after = (await queue()).body.data.exchanges.find((each: { exchange_id: string }) => each.exchange_id === `${id}-X1`);
    expect(after.order).toMatchObject({ unit_price: 19_999, customer_name: 'Asha Kulkarni', customer_email: 'asha.k@example.in' });
    expect(row.order).toMatchObject({ customer_email: 'a@b.in' });
  });

  it.runIf(available)('does not approve a dearer version asked for before the price rule, and says why', async () => {
    const { member, id } = await delivered();
    await ask(member, id, { ...ASK, product_id: 'PRD-HEAD-BLUE' });
    // The version was repriced after the request.
    const blue = bed.catalog.products['PRD-HEAD-BLUE']!;
    blue.pricePaise = 9_500_000;
    const answer = await approve(`${id}-X1`).finally(() => delete blue.pricePaise);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This replacement costs ₹95,000.00 and the member paid ₹19,999.00 a unit, so it cannot be approved. ' +
        'Refuse it: the member may ask for a version at the same price.',
    );
    expect(bed.catalog.holds.has(`${id}-R2`)).toBe(false);
    expect((await refuse(`${id}-X1`, 'That version now costs more.')).status).toBe(200);
  });

  it.runIf(available)('decides once when an approval and a refusal arrive together, and moves stock only for an approval', async () => {
    const results: string[] = [];
    for (let round = 0; round < 6; round++) {
      const { member, id } = await delivered('PRD-RACE');
      await ask(member, id);
      const both = await Promise.all([approve(`${id}-X1`), refuse(`${id}-X1`, 'Refused at the same moment.')]);
      const [approved, refused] = both.map((answer) => answer.status);
      // Exactly one decision is taken; the other is told what happened.
      expect([approved, refused].sort()).toEqual([200, 409]);
      const state = (await bed.detail(member, id)).exchanges[0].state;
      const hold = bed.catalog.holds.get(`${id}-R2`);
      if (approved === 200) {
        expect(state).toBe('approved');
        expect(hold).toMatchObject({ state: 'committed' });
        expect(both[1]!.body.message).toMatch(/^This exchange was already approved/);
      } else {
        expect(state).toBe('refused');
        expect(hold).toBeUndefined();
        expect(both[0]!.body.message).toBe('This exchange was already refused.');
      }
      results.push(state);
    }
    // The stock the catalog gave out is exactly the approvals'.
    const committed = [...bed.catalog.holds.values()].filter((hold) => hold.productId === 'PRD-RACE' && hold.state === 'committed');
    expect(committed.length).toBe(6 + results.filter((state) => state === 'approved').length);
  });

  it.runIf(available)('carries on an approval whose process stopped after recording it, through its backstop step', async () => {
    const { member, id } = await delivered('PRD-RACE');
    await ask(member, id);
    // The catalog is down when the operator approves: the decision stands, the stock step fails.
    const down = bed.catalog.failHolds();
    const answer = await approve(`${id}-X1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: `Exchange ${id}-X1 approved: its replacement's stock could not be taken just now, and will be taken shortly.`,
      data: { state: 'approving' },
    });
    // A refusal now is refused: the exchange is decided.
    const late = await refuse(`${id}-X1`, 'Too late to refuse this.');
    expect(late.status).toBe(409);
    down.restore();
    // The backstop carries it on (made due now, as its minute would).
    await sql`update scheduled_jobs set due_at = now() where type = 'exchange.finish-approval' and key = ${`${id}-X1`}`.execute(
      bed.orders.db,
    );
    await eventually(async () => (await bed.detail(member, id)).exchanges[0].state === 'approved');
    expect(bed.catalog.holds.get(`${id}-R2`)).toMatchObject({ state: 'committed' });
    expect(await exchangeEvents(id)).toEqual([
      { type: 'ExchangeRequested', actor: `member:${member.memberId}` },
      { type: 'ExchangeApprovalStarted', actor: `admin:${operator.adminId}` },
      { type: 'ExchangeApproved', actor: `admin:${operator.adminId}` },
    ]);
  });

  it.runIf(available)('is refused before delivery, after 7 days, and while another is open', async () => {
    const { member, id } = await paid();
    for (const next of [null, { step: 'processing' }, SHIPPED]) {
      if (next) await step(id, next);
      const early = await ask(member, id);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ is_success: false, message: 'You can ask for an exchange once your order is delivered.' });
      // Before delivery the page says nothing about exchanges.
      expect((await bed.detail(member, id)).exchange).toMatchObject({ available_until: null, unavailable_reason: null });
    }
    await step(id, { step: 'delivered', delivered_on: today() });

    // The seventh day after delivery is the last one; on the eighth the server refuses with the days.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * DAY_MS });
    expect((await bed.detail(member, id)).exchange.available_until).toBe(addDays(today(), 0));
    vi.setSystemTime(Date.now() + DAY_MS);
    const late = await ask(member, id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Exchanges can be asked for within 7 days of delivery. This order was delivered on ${formatIndianDay(addDays(todayInIndia(), -8))}, ` +
        `so the last day was ${formatIndianDay(addDays(todayInIndia(), -1))}.`,
    );
    expect((await bed.detail(member, id)).exchange).toMatchObject({ available_until: null, unavailable_reason: late.body.message });
    vi.useRealTimers();

    expect((await ask(member, id)).status).toBe(201);
    const twice = await ask(member, id, { reason: 'defective', note: 'And it does not switch on either.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already asked for an exchange of this order. You can ask again once it is settled.');
    expect(await exchangeEvents(id)).toHaveLength(1);
  });

  it.runIf(available)('checks what the member sends: a reason from the list and a note of sensible length', async () => {
    const { member, id } = await delivered();
    const cases: [unknown, string][] = [
      [{ reason: 'bored', note: ASK.note }, 'Reason must be one of: Arrived damaged, Defective or not working, Not what I ordered'],
      [{ reason: 'damaged', note: 'broken' }, 'Please describe the problem in at least 10 characters'],
      [{ reason: 'damaged', note: 'x'.repeat(501) }, 'The note can be at most 500 characters'],
      [{ reason: 'damaged' }, 'Please describe the problem'],
    ];
    for (const [body, message] of cases) {
      const answer = await ask(member, id, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ is_success: false, message });
    }
    expect(await exchangeEvents(id)).toEqual([]);
  });

  it.runIf(available)('lets members act only on their own orders, and operators only decide', async () => {
    const { member, id } = await delivered();
    const stranger = await bed.subscriber();
    const theirs = await ask(stranger, id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found');
    expect(await exchangeEvents(id)).toEqual([]);

    await ask(member, id);
    for (const token of ['', member.token]) {
      for (const answer of [await approve(`${id}-X1`, token), await refuse(`${id}-X1`, 'Not today, thanks.', token)]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ is_success: false, message: 'Authentication required' });
      }
      expect((await bed.orders.json('/admin/exchanges', { token })).status).toBe(401);
    }
    expect((await bed.detail(member, id)).exchanges).toMatchObject([{ state: 'requested' }]);
    expect((await approve('ORD-000000000000-X1')).status).toBe(404);
    // A replacement shipment that no approval opened cannot be moved.
    const none = await step(id, { step: 'processing', shipment: 2 });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This order has no shipment 2: a replacement ships once its exchange is approved.');
  });
});
