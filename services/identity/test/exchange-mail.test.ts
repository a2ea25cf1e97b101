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
    'mails the member an approval with the day the replacement ships by, a refusal with its reason, a refund',
    async () => {
      const email = uniqueEmail('exchanger');
      const member = await signUp(setup.identity, email, 'Asha Rao');
      const approved = await decide(member.memberId, 'ExchangeApproved', { shipment: 2, productId: 'PRD-1', shipsBy: '2026-12-11' });
      const refused = await decide(member.memberId, 'ExchangeRefused', { reason: 'The photo shows no damage.' });
      const refunded = await decide(member.memberId, 'ExchangeRefunded', {
        refundId: 'RF-1',
        amountPaise: 179_900,
        reason: 'No replacement in stock',
      });
      await eventually(async () => (await mailTo(setup.identity, email)).length === 3);
      const mails = await mailTo(setup.identity, email);
      const about = (orderId: string) => mails.find((mail: { body_text: string }) => mail.body_text.includes(`Order ID: ${orderId}`))!;
      expect(about(approved).subject).toBe(`Your exchange for order ${approved} is approved`);
      expect(about(approved).body_text).toContain('Your replacement ships by 11/12/2026;');
      expect(about(refused).subject).toBe(`About your exchange request for order ${refused}`);
      expect(about(refused).body_text).toContain('Reason: The photo shows no damage.');
      expect(about(refunded).body_text).toContain('So we are refunding Rs 1799.00 to your original payment method, within 15 days.');
      for (const mail of mails) expect(mail.body_text).toContain('Hi Asha,');
    },
  );
});
