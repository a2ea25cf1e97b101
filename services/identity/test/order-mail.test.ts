import { randomUUID } from 'node:crypto';
import { orderCompletedEvent, orderPlacedEvent } from '@elts/contracts/testing';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, eventually } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { isNews } from '../src/consumers/orders.js';
import { signUp, uniqueEmail } from './helpers.js';
import { useIdentityWithOrders } from './orders-stand-in.js';

describe('which completions are news', () => {
  it('leaves completions older than two days unmailed (a group reading the stream from its start)', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(isNews(new Date('2026-11-22T10:00:00Z'), now)).toBe(true);
    expect(isNews(new Date('2026-11-21T09:59:59Z'), now)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('order confirmation email on %s', (kind) => {
  const setup = useIdentityWithOrders(kind);
  const { available, orders } = setup;

  const mailsTo = async (email: string) =>
    (
      await sql<{
        subject: string;
        body_text: string;
        dedupe_key: string;
      }>`select subject, body_text, dedupe_key from mail_outbox where recipient = ${email}`.execute(setup.identity.db)
    ).rows;

  it.runIf(available)(
    "mails the member, at their own address, the order's id, product, quantity, amount and delivery address",
    async () => {
      const email = uniqueEmail('buyer');
      const member = await signUp(setup.identity, email, 'Asha Rao');
      const orderId = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
      await setup.identity
        .source('orders')
        .append(`order-${orderId}`, 'any', [orderCompletedEvent(orderId, { memberId: member.memberId })]);
      await eventually(async () => (await mailsTo(email)).length === 1);
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe(`Order Confirmed! ${orderId}`);
      expect(mail!.dedupe_key).toBe(`order-confirmation:${orderId}`);
      expect(mail!.body_text).toContain('Hi Asha,');
      expect(mail!.body_text).toContain(`Order ID: ${orderId}`);
      expect(mail!.body_text).toContain('Product: Sony WH-1000XM5 Wireless Headphones');
      expect(mail!.body_text).toContain('Quantity: 2');
      expect(mail!.body_text).toContain('Amount paid: ₹52,981.00');
      expect(mail!.body_text).toContain('Asha Rao\n12 MG Road\nPanaji, Goa 403001\nPhone: 9876543210');
      expect(mail!.body_text).toContain(`http://localhost:3000/order?order_id=${orderId}`);
    },
  );

  it.runIf(available)('mails once per order, however often its completion arrives', async () => {
    const email = uniqueEmail('again');
    const member = await signUp(setup.identity, email, 'Ravi Iyer');
    const orderId = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
    const completed = orderCompletedEvent(orderId, { memberId: member.memberId });
    await setup.identity.source('orders').append(`order-${orderId}`, 'any', [completed]);
    await eventually(async () => (await mailsTo(email)).length === 1);
    // The same completion published again under a new event id (a relay that republished after a crash)...
    await setup.identity
      .source('orders')
      .append(`order-${orderId}-again`, 'any', [orderCompletedEvent(orderId, { memberId: member.memberId })]);
    await eventually(() => orders.asked.filter((id) => id === orderId).length === 2);
    // ...and the whole stream delivered again to the group (a reset): still one message.
    await sql`delete from processed_events where consumer = 'identity.order-mail'`.execute(setup.identity.db);
    await setup.identity.bus.reset('identity.order-mail', 'orders');
    await eventually(async () => {
      const seen = await sql<{ n: number }>`select count(*)::int as n from processed_events where consumer = 'identity.order-mail'`.execute(
        setup.identity.db,
      );
      return seen.rows[0]!.n >= 2;
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });
  it.runIf(available)('tells a waitlisted member, once, that a unit is reserved for them and until when to pay', async () => {
    const email = uniqueEmail('waiting');
    const member = await signUp(setup.identity, email, 'Meera Das');
    const [handed, ownBuy] = [`ORD-${randomUUID().slice(0, 12).toUpperCase()}`, `ORD-${randomUUID().slice(0, 12).toUpperCase()}`];
    const reservedUntil = '2026-11-27T18:45:00.000Z';
    await setup.identity.source('orders').append(`order-${ownBuy}`, 'any', [
      // The member's own Buy Now is not news to them: no mail.
      orderPlacedEvent(ownBuy, { memberId: member.memberId, reservedUntil }),
    ]);
    const placed = orderPlacedEvent(handed, { memberId: member.memberId, reservedUntil, fromWaitlist: true });
    await setup.identity.source('orders').append(`order-${handed}`, 'any', [placed]);
    await setup.identity.source('orders').append(`order-${handed}-again`, 'any', [orderPlacedEvent(handed, placed.data)]);
    await eventually(async () => (await mailsTo(email)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.dedupe_key).toBe(`waitlist-reservation:${handed}`);
    expect(mails[0]!.subject).toContain('Reserved for you: ');
    expect(mails[0]!.body_text).toContain('Hi Meera,');
    expect(mails[0]!.body_text).toContain('Pay by: 28/11/2026 00:15 (India time)');
    expect(mails[0]!.body_text).toContain(`http://localhost:3000/order?order_id=${handed}`);
  });
  it.runIf(available)('tells a member still waiting when the sale ended, once, with the time in India', async () => {
    const email = uniqueEmail('closed');
    const member = await signUp(setup.identity, email, 'Ravi Iyer');
    const closed = {
      type: 'WaitlistClosed',
      data: { productId: 'PRD-GONE', productName: 'Sony WH-1000XM5', memberId: member.memberId, saleEndedAt: '2026-11-29T18:30:00.000Z' },
    };
    await setup.identity.source('orders').append('waitlist-PRD-GONE', 'any', [closed]);
    // The same closing published again under a new event id: still one mail.
    await setup.identity.source('orders').append('waitlist-PRD-GONE-again', 'any', [{ ...closed }]);
    await eventually(async () => (await mailsTo(email)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('The sale has ended: Sony WH-1000XM5');
    expect(mails[0]!.body_text).toContain('Hi Ravi,');
    expect(mails[0]!.body_text).toContain('ended on 30/11/2026 00:00 (India time) before a unit came back for you');
    expect(mails[0]!.body_text).toContain('Nothing was reserved or charged.');
  });
});
