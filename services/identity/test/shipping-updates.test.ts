import { randomUUID } from 'node:crypto';
import { deliveryDueAfterShipping, formatIndianDay } from '@elts/contracts';
import { orderDeliveredEvent, orderShippedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, eventually } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { mailTo, personalDetails, signUp, uniqueEmail, updateProfile } from './helpers.js';
import { useIdentityWithOrders } from './orders-stand-in.js';

const TRACKING = 'https://www.bluedart.com/tracking?awb=12345678901';

/**
 * Shipping updates (docs/decisions/0023): when an operator ships or delivers an order, identity mails the member and
 * sends a text message to their registered mobile through the notifications port, whose embedded adapter keeps it
 * for testers at /dev/sms. One of each per step, however often the event arrives.
 */
describe.each(DATABASE_KINDS)('shipping updates on %s', (kind) => {
  const setup = useIdentityWithOrders(kind);
  const { available, orders } = setup;

  const mailsTo = (email: string) => mailTo(setup.identity, email);
  /** The text messages as a tester reads them at /dev/sms, from this machine. */
  const textsTo = async (mobile: string) =>
    (await setup.identity.json('/dev/sms', { address: '127.0.0.1' })).body.data.filter(
      (text: { recipient: string }) => text.recipient === mobile,
    );
  const newOrderId = () => `ORD-${randomUUID().slice(0, 12).toUpperCase()}`;

  async function memberWithMobile(mobile?: string) {
    const email = uniqueEmail('shopper');
    const member = await signUp(setup.identity, email, 'Asha Rao');
    if (mobile) expect((await updateProfile(setup.identity, member.token, { ...personalDetails, email, mobile })).status).toBe(200);
    return { ...member, email };
  }

  it.runIf(available)('mails and texts the member when the order ships: courier, AWB number, tracking link, expected day', async () => {
    const member = await memberWithMobile('+91 91234 56789');
    const orderId = newOrderId();
    const [shipped] = await setup.identity
      .source('orders')
      .append(`order-${orderId}`, 'any', [orderShippedEvent(orderId, { memberId: member.memberId, trackingUrl: TRACKING })]);
    const dueBy = formatIndianDay(deliveryDueAfterShipping(shipped!.recordedAt));
    await eventually(async () => (await mailsTo(member.email)).length === 1);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe(`Your order ${orderId} has shipped`);
    for (const line of [
      'Hi Asha,',
      `Order ID: ${orderId}`,
      'Product: Sony WH-1000XM5 Wireless Headphones',
      'Courier: Blue Dart',
      'AWB number: 12345678901',
      `Track it: ${TRACKING}`,
      `Expected delivery by ${dueBy} (within 7 business days of shipping).`,
      `http://localhost:3000/order?order_id=${orderId}`,
    ])
      expect(mail!.body_text).toContain(line);
    await eventually(async () => (await textsTo('+919123456789')).length === 1);
    expect((await textsTo('+919123456789'))[0].body_text).toBe(
      `ELTS Club: your order ${orderId} has shipped with Blue Dart, AWB 12345678901. Track: ${TRACKING} Expected by ${dueBy}.`,
    );
  });

  it.runIf(available)('mails and texts the day it was delivered, and until when an exchange may be asked', async () => {
    const member = await memberWithMobile('9123456780');
    const orderId = newOrderId();
    await setup.identity
      .source('orders')
      .append(`order-${orderId}`, 'any', [orderDeliveredEvent(orderId, { memberId: member.memberId, deliveredOn: '2026-11-28' })]);
    await eventually(async () => (await textsTo('+919123456780')).length === 1);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe(`Your order ${orderId} was delivered`);
    expect(mail!.body_text).toContain('Your order was delivered on 28/11/2026.');
    expect(mail!.body_text).toContain('you can ask for an exchange until 05/12/2026 (7 days from delivery)');
    expect((await textsTo('+919123456780'))[0].body_text).toBe(
      `ELTS Club: your order ${orderId} was delivered on 28/11/2026. Exchanges until 05/12/2026: http://localhost:3000/privacy#exchange`,
    );
  });

  it.runIf(available)(
    'names the exchange window orders allows (its setting, carried on the delivery), not the policy’s default',
    async () => {
      const member = await memberWithMobile('9123456782');
      const orderId = newOrderId();
      const delivered = orderDeliveredEvent(orderId, { memberId: member.memberId, deliveredOn: '2026-11-28', exchangeWindowDays: 10 });
      await setup.identity.source('orders').append(`order-${orderId}`, 'any', [delivered]);
      await eventually(async () => (await textsTo('+919123456782')).length === 1);
      const [mail] = await mailsTo(member.email);
      expect(mail!.body_text).toContain('you can ask for an exchange until 08/12/2026 (10 days from delivery)');
      expect((await textsTo('+919123456782'))[0].body_text).toContain('Exchanges until 08/12/2026:');
    },
  );

  it.runIf(available)('texts the phone given with the order when the member has no mobile on their profile', async () => {
    const member = await memberWithMobile();
    const orderId = newOrderId();
    await setup.identity.source('orders').append(`order-${orderId}`, 'any', [orderShippedEvent(orderId, { memberId: member.memberId })]);
    // The stand-in's order was placed with 9876543210.
    await eventually(async () => (await mailsTo(member.email)).length === 1);
    await eventually(async () => (await textsTo('+919876543210')).some((text: { body_text: string }) => text.body_text.includes(orderId)));
  });

  it.runIf(available)('sends one mail and one text per step, however often the step arrives', async () => {
    const member = await memberWithMobile('9123456781');
    const orderId = newOrderId();
    const shipped = () => orderShippedEvent(orderId, { memberId: member.memberId });
    await setup.identity.source('orders').append(`order-${orderId}`, 'any', [shipped()]);
    await eventually(async () => (await textsTo('+919123456781')).length === 1);
    // The same step published again under a new event id (a relay that republished after a crash).
    await setup.identity.source('orders').append(`order-${orderId}-again`, 'any', [shipped()]);
    await eventually(() => orders.asked.filter((id) => id === orderId).length === 2);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect(await textsTo('+919123456781')).toHaveLength(1);
  });

  it.runIf(available)('shows the text messages to this machine, and to a member or anyone elsewhere as if there were none', async () => {
    expect((await setup.identity.json('/dev/sms', { address: '::1' })).status).toBe(200);
    const member = await memberWithMobile();
    for (const token of [undefined, member.token]) {
      const refused = await setup.identity.json('/dev/sms', { address: '203.0.113.7', ...(token ? { token } : {}) });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('recipient');
    }
  });
});
