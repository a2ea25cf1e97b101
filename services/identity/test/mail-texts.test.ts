import { describe, expect, it } from 'vitest';
import { exchangeApprovedEmail, exchangeRefundedEmail, exchangeRefusedEmail, exchangeRequestedEmail } from '../src/mail/exchange-mail.js';
import { mandateRevokedEmail, membershipReceiptEmail } from '../src/mail/membership-mail.js';
import { outOfStockEmail, refundChoiceEmail, refundCreditsEmail, refundMadeEmail, refundStartedEmail } from '../src/mail/refund-mail.js';
import { orderDeliveredUpdate, orderShippedUpdate } from '../src/mail/shipping-updates.js';
import { type ConfirmedOrder, orderConfirmationEmail, renewalNoticeEmail } from '../src/mail/templates.js';
import { productLine } from '../src/mail/words.js';

// Every mail a member gets, word for word (issue 34): each in the product's voice, the product named once, amounts
// as ₹1,349.10 and days as dd/mm/yyyy in India time. The consumers that send them once are tested apart.
const SITE = 'https://eltsclub.in';
const order: ConfirmedOrder = {
  orderId: 'ORD-1A2B3C4D5E6F',
  memberId: '6f1c1a7e-1111-4c1d-9c1d-111111111111',
  status: 'completed',
  // The catalogue's names carry the brand already: the mail must not say it twice.
  product: { name: 'Nike Air Zoom Pegasus 41', brand: 'Nike' },
  quantity: 1,
  amountPaise: 134_910,
  creditPaise: 14_990,
  shippingAddress: { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Panaji', state: 'Goa', pincode: '403001' },
} as ConfirmedOrder;

const lines = (...text: string[]) => text.join('\n');

describe('a product in a mail', () => {
  it('is named with its brand once', () => {
    expect(productLine({ name: 'Nike Air Zoom Pegasus 41', brand: 'Nike' })).toBe('Nike Air Zoom Pegasus 41');
    expect(productLine({ name: 'nike air zoom', brand: 'Nike' })).toBe('nike air zoom');
    expect(productLine({ name: 'WH-1000XM5 Wireless Headphones', brand: 'Sony' })).toBe('Sony WH-1000XM5 Wireless Headphones');
    expect(productLine({ name: 'Travel Kettle', brand: '' })).toBe('Travel Kettle');
  });
});

describe('the order mails', () => {
  it('confirm an order', () => {
    expect(orderConfirmationEmail('Asha', order, SITE)).toEqual({
      subject: 'Order Confirmed! ORD-1A2B3C4D5E6F',
      text: lines(
        'Hi Asha,',
        '',
        'Thank you for your order. Your payment has been received and your order is confirmed.',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        'Product: Nike Air Zoom Pegasus 41',
        'Quantity: 1',
        'Amount paid: ₹1,349.10',
        '',
        'Delivery to:',
        'Asha Rao',
        '12 MG Road',
        'Panaji, Goa 403001',
        'Phone: 9876543210',
        '',
        'Your order will be processed within 1-2 business days. Shipping updates will be sent to your registered mobile number.',
        '',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
  });

  it('say it has shipped and when it was delivered', () => {
    const shipped = orderShippedUpdate(
      'Asha',
      order,
      {
        courier: 'Blue Dart',
        awbNumber: '12345678901',
        trackingUrl: 'https://bluedart.com/t/1',
        shippedAt: new Date('2026-11-27T20:00:00Z'),
      },
      SITE,
    );
    expect(shipped.email.text).toBe(
      lines(
        'Hi Asha,',
        '',
        'Your order is on its way.',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        'Product: Nike Air Zoom Pegasus 41',
        'Courier: Blue Dart',
        'AWB number: 12345678901',
        'Track it: https://bluedart.com/t/1',
        '',
        'Expected delivery by 08/12/2026 (within 7 business days of shipping).',
        '',
        'Your tax invoice is ready: download it from your order page.',
        '',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    );
    const delivered = orderDeliveredUpdate('Asha', order, { deliveredOn: '2026-11-28', exchangeWindowDays: 7 }, SITE);
    expect(delivered.email.subject).toBe('Your order ORD-1A2B3C4D5E6F was delivered');
    expect(delivered.email.text).toContain('Product: Nike Air Zoom Pegasus 41\n');
    expect(delivered.email.text).toContain('Your order was delivered on 28/11/2026. We hope you enjoy it.');
  });

  it('remind of a renewal charge a day ahead', () => {
    const notice = renewalNoticeEmail('Asha', 117_882, new Date('2027-11-26T18:40:00Z'), 'SUB-1');
    expect(notice.subject).toBe('Your ELTS Club membership renews on 27/11/2027');
    expect(notice.text).toContain('On 27/11/2027 we will debit ₹1,178.82 through your UPI AutoPay mandate (SUB-1).');
  });
});

describe('the exchange mails', () => {
  const exchange = { orderId: order.orderId, exchangeId: 'ORD-1A2B3C4D5E6F-X1' };

  it('acknowledge the request', () => {
    const mail = exchangeRequestedEmail(
      'Asha',
      { ...exchange, reason: 'damaged', note: 'The sole came apart.', product: { name: 'Nike Air Zoom Pegasus 41', brand: 'Nike' } },
      SITE,
    );
    expect(mail).toEqual({
      subject: 'We received your exchange request for order ORD-1A2B3C4D5E6F',
      text: lines(
        'Hi Asha,',
        '',
        'We received your exchange request. We will look at it and mail you our decision.',
        '',
        'In its place you asked for: Nike Air Zoom Pegasus 41',
        'Reason: Arrived damaged',
        'What you told us: The sole came apart.',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        'Exchange request: ORD-1A2B3C4D5E6F-X1',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
  });

  it('tell the decision', () => {
    expect(exchangeApprovedEmail('Asha', { ...exchange, shipsBy: '2026-12-11' }, SITE).text).toContain(
      'Your replacement ships by 11/12/2026;',
    );
    expect(exchangeRefusedEmail('Asha', { ...exchange, reason: 'The photo shows no damage.' }, SITE).text).toContain(
      'Reason: The photo shows no damage.',
    );
    expect(exchangeRefundedEmail('Asha', { ...exchange, amountPaise: 134_910 }, SITE).text).toContain(
      'So we are refunding ₹1,349.10 to your original payment method. We will mail you when the refund starts and when it reaches you.',
    );
  });
});

describe('the refund mails', () => {
  it('ask for a choice when an order is out of stock, in rupees', () => {
    const cancelled = { orderId: order.orderId, amountPaise: 134_910, choiceBy: '2026-12-01T06:00:00Z', creditsOffered: true };
    expect(outOfStockEmail('Asha', cancelled, SITE)).toEqual({
      subject: 'Your order ORD-1A2B3C4D5E6F is out of stock: choose your refund',
      text: lines(
        'Hi Asha,',
        '',
        'We are sorry: the product you ordered is out of stock, so we have cancelled your order.',
        'Choose how you get your ₹1,349.10 back: a fund transfer to your original payment method, or credits added to your membership credit.',
        'Choose here by 01/12/2026: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        'If you do not choose by then, we refund it to your original payment method. Refunds reach you within 15 days.',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
    // Without an active membership credits are not offered: the money goes back where it came from.
    expect(outOfStockEmail('Asha', { ...cancelled, creditsOffered: false }, SITE)).toEqual({
      subject: 'Your order ORD-1A2B3C4D5E6F is out of stock: your refund',
      text: lines(
        'Hi Asha,',
        '',
        'We are sorry: the product you ordered is out of stock, so we have cancelled your order.',
        'Credits can only be spent with an active membership, and yours is not active, so we are refunding your ₹1,349.10 to your original payment method.',
        'We will mail you when the refund starts and when it reaches you, within 15 days.',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
  });

  it('confirm the choice, the member’s or the deadline’s', () => {
    const chosen = (choice: 'fund_transfer' | 'credits', by: 'member' | 'deadline') =>
      refundChoiceEmail('Asha', { orderId: order.orderId, choice, by, amountPaise: 134_910 }, SITE);
    expect(chosen('fund_transfer', 'member')).toEqual({
      subject: 'Your refund for order ORD-1A2B3C4D5E6F',
      text: lines(
        'Hi Asha,',
        '',
        'You chose a fund transfer: we are refunding ₹1,349.10 to your original payment method.',
        'We will mail you when the refund starts and when it reaches you, within 15 days.',
        '',
        'Order ID: ORD-1A2B3C4D5E6F',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
    expect(chosen('fund_transfer', 'deadline').text).toContain(
      'You did not choose in time, so we are refunding ₹1,349.10 to your original payment method, as we said we would.',
    );
    expect(chosen('credits', 'member').text).toContain(
      'You chose credits: ₹1,349.10 is added to your membership credit. We will mail you as soon as it is there.',
    );
  });

  it('say when a refund starts and when it is made, for an order or a membership payment', () => {
    const refund = { orderId: order.orderId, refundId: 'RF-9F8E7D', amountPaise: 134_910, reason: 'Out of stock when the payment arrived' };
    expect(refundStartedEmail('Asha', refund, SITE)).toEqual({
      subject: 'Your refund of ₹1,349.10 has started',
      text: lines(
        'Hi Asha,',
        '',
        'We have started a refund of ₹1,349.10 for your order ORD-1A2B3C4D5E6F, to your original payment method.',
        'Why: Out of stock when the payment arrived.',
        '',
        'It reaches you within 15 days. We will mail you again when it does.',
        '',
        'Refund ID: RF-9F8E7D',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
    expect(refundMadeEmail('Asha', refund, new Date('2026-11-30T19:00:00Z'), SITE)).toEqual({
      subject: 'Your refund of ₹1,349.10 has been made',
      text: lines(
        'Hi Asha,',
        '',
        'Your refund of ₹1,349.10 for your order ORD-1A2B3C4D5E6F was made to your original payment method on 01/12/2026.',
        'Your bank may take a day or two to show it in your account.',
        '',
        'Refund ID: RF-9F8E7D',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
    const membership = refundStartedEmail(
      'Asha',
      {
        orderId: 'MEM-0A1B2C3D4E5F',
        refundId: 'RF-PAY-1',
        amountPaise: 117_882,
        reason: 'Auto-renewal was turned off before the renewal charge went through',
      },
      SITE,
    );
    expect(membership.text).toContain(
      'We have started a refund of ₹1,178.82 for your ELTS Club membership payment, to your original payment method.',
    );
    expect(membership.text).toContain('Your membership: https://eltsclub.in/profile?section=subscription');
  });

  it('say credits were added instead, and until when they can be spent', () => {
    expect(refundCreditsEmail('Asha', { orderId: order.orderId, amountPaise: 134_910, expiresAt: '2027-11-30T18:30:00Z' }, SITE)).toEqual({
      subject: '₹1,349.10 of credits for order ORD-1A2B3C4D5E6F',
      text: lines(
        'Hi Asha,',
        '',
        'As you chose, ₹1,349.10 has been added to your membership credit for order ORD-1A2B3C4D5E6F.',
        'Credit pays up to 10% of each order you place while your membership is active, until 01/12/2027.',
        '',
        'Your order: https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F',
        '',
        'The ELTS Club team',
      ),
    });
  });
});

describe('the membership mails', () => {
  const invoice = {
    invoiceNumber: 'ELTS/25-26/0042',
    issuedAt: '2026-11-27T19:15:00Z',
    description: 'Annual membership, first year',
    taxablePaise: 99_900,
    cgstPaise: 8_991,
    sgstPaise: 8_991,
    igstPaise: 0,
    totalPaise: 117_882,
  };

  it('send a receipt of each payment with its GST', () => {
    expect(membershipReceiptEmail('Asha', invoice, SITE)).toEqual({
      subject: 'Your ELTS Club membership receipt (ELTS/25-26/0042)',
      text: lines(
        'Hi Asha,',
        '',
        'Thank you: we received ₹1,178.82 for your ELTS Club membership (annual membership, first year).',
        '',
        'Invoice number: ELTS/25-26/0042',
        'Date: 28/11/2026',
        'Membership fee: ₹999.00',
        'CGST: ₹89.91',
        'SGST: ₹89.91',
        'Total paid: ₹1,178.82',
        '',
        'Download the tax invoice from the Subscription section of your profile: https://eltsclub.in/profile?section=subscription',
        '',
        'The ELTS Club team',
      ),
    });
    const interstate = membershipReceiptEmail('Asha', { ...invoice, cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982 }, SITE);
    expect(interstate.text).toContain('Membership fee: ₹999.00\nIGST: ₹179.82\nTotal paid: ₹1,178.82');
  });

  it('say the membership ended when the mandate is revoked', () => {
    expect(mandateRevokedEmail('Asha', SITE)).toEqual({
      subject: 'Your ELTS Club membership has ended',
      text: lines(
        'Hi Asha,',
        '',
        'You revoked your UPI AutoPay mandate, so your membership ended at once: the deals board and ordering are closed, and nothing more will be charged. Subscribe again to get them back.',
        '',
        'Subscribe again from the Subscription section of your profile: https://eltsclub.in/profile?section=subscription',
        '',
        'The ELTS Club team',
      ),
    });
  });
});
