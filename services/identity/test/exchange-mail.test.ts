import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, eventually } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { mailTo, signUp, uniqueEmail } from './helpers.js';
import { useIdentityWithOrders } from './orders-stand-in.js';

/**
 * Exchange decisions (docs/decisions/0025): when an operator approves, refuses or (for want of a replacement)
 * refunds a member's exchange, identity mails the member once, however often the event arrives.
 */
describe.each(DATABASE_KINDS)('exchange mail on %s', (kind) => {
  const setup = useIdentityWithOrders(kind);
  const { available } = setup;

  const decide = async (memberId: string, type: string, data: Record<string, unknown>) => {
    const orderId = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
    const event = { type, data: { orderId, memberId, exchangeId: `${orderId}-X1`, ...data }, metadata: { actor: 'admin:ops' } };
    // Delivered twice, as a redelivery would: one mail.
    await setup.identity.source('orders').append(`order-${orderId}`, 'any', [event, event]);
    return orderId;
  };

  it.runIf(available)(
    'mails the member that the request arrived, then an approval with the day the replacement ships by, a refusal with its reason, a refund',
    async () => {
      const email = uniqueEmail('exchanger');
      const member = await signUp(setup.identity, email, 'Asha Rao');
      const requested = await decide(member.memberId, 'ExchangeRequested', {
        shipment: 1,
        reason: 'defective',
        note: 'It does not switch on.',
        productId: 'PRD-1',
        product: { name: 'Prestige Electric Kettle', brand: 'Prestige', images: [] },
      });
      const approved = await decide(member.memberId, 'ExchangeApproved', { shipment: 2, productId: 'PRD-1', shipsBy: '2026-12-11' });
      const refused = await decide(member.memberId, 'ExchangeRefused', { reason: 'The photo shows no damage.' });
      const refunded = await decide(member.memberId, 'ExchangeRefunded', {
        refundId: 'RF-1',
        amountPaise: 179_900,
        reason: 'No replacement in stock',
      });
      await eventually(async () => (await mailTo(setup.identity, email)).length === 4);
      const mails = await mailTo(setup.identity, email);
      const about = (orderId: string) => mails.find((mail: { body_text: string }) => mail.body_text.includes(`Order ID: ${orderId}`))!;
      expect(about(approved).subject).toBe(`Your exchange for order ${approved} is approved`);
      expect(about(approved).body_text).toContain('Your replacement ships by 11/12/2026;');
      expect(about(refused).subject).toBe(`About your exchange request for order ${refused}`);
      expect(about(refused).body_text).toContain('Reason: The photo shows no damage.');
      expect(about(refunded).body_text).toContain('So we are refunding ₹1,799.00 to your original payment method.');
      expect(about(requested).subject).toBe(`We received your exchange request for order ${requested}`);
      expect(about(requested).body_text).toContain(
        'In its place you asked for: Prestige Electric Kettle\nReason: Defective or not working',
      );
      for (const mail of mails) expect(mail.body_text).toContain('Hi Asha,');
    },
  );

  it.runIf(available)('mails an out-of-stock order’s refund choice once, with the amount orders holds', async () => {
    const email = uniqueEmail('chooser');
    const member = await signUp(setup.identity, email, 'Asha Rao');
    const orderId = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
    const chosen = { type: 'OrderRefundChosen', data: { orderId, memberId: member.memberId, choice: 'fund_transfer', by: 'deadline' } };
    await setup.identity.source('orders').append(`order-${orderId}`, 'any', [chosen, chosen]);
    await eventually(async () => (await mailTo(setup.identity, email)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await mailTo(setup.identity, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your refund for order ${orderId}`);
    expect(mails[0]!.body_text).toContain('You did not choose in time, so we are refunding ₹52,981.00 to your original payment method');
    // A fund transfer chosen because credits could not be offered was said in the cancellation's mail: no second mail.
    const other = `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;
    const forced = {
      type: 'OrderRefundChosen',
      data: { orderId: other, memberId: member.memberId, choice: 'fund_transfer', by: 'no_membership' },
    };
    await setup.identity.source('orders').append(`order-${other}`, 'any', [forced]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await mailTo(setup.identity, email)).toHaveLength(1);
  });
});
