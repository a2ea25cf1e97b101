import { randomUUID } from 'node:crypto';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness } from '@elts/platform/testing';
import { internalCall, type TestMember } from './helpers.js';

/**
 * The steps of a product order as payments sees them (docs/decisions/0093): a product with its tax facts from
 * catalog, an order placed and paid, its shipment from orders, and the invoices payments issued for it.
 */
export function productOrderSteps(service: () => ServiceHarness) {
  const internal = (path: string, body?: unknown) => internalCall(service(), path, body);
  const product = async (hsnCode: string | null, gstRatePercent: number | null) => {
    const productId = `PRD-${randomUUID().slice(0, 6).toUpperCase()}`;
    await service()
      .source('catalog')
      .append(`product-${productId}`, 0, [
        {
          type: 'ProductCreated',
          data: {
            productId,
            stock: 5,
            product: {
              name: 'Galaxy S24 5G (256 GB)',
              images: ['/product/images/smartphone.svg'],
              pricePaise: 2_499_900,
              amazonPricePaise: null,
              category: 'Electronics',
              brand: 'Samsung',
              descriptions: [{ title: 'Highlights', content: 'A phone.' }],
              sku: '',
              variantGroup: null,
              isVariantPrimary: false,
              saleStartAt: null,
              saleEndAt: null,
              isEnabled: true,
              exclusive: false,
              dropId: null,
              hsnCode,
              gstRatePercent,
            },
          },
        },
      ]);
    return productId;
  };

  /** A paid order of one phone (Rs 24,999 less Rs 2,499.90 of credit), delivered to `state`. */
  const paidOrder = async (member: TestMember, productId: string, state: string, pincode: string) => {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const checkout = await internal('/internal/payments/checkout', {
      orderId,
      memberId: member.memberId,
      amountPaise: 2_249_910,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Galaxy S24 x 1',
    });
    const address = { name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: 'Bengaluru', state, pincode };
    await service()
      .source('orders')
      .append(`order-${orderId}`, 0, [
        {
          type: 'OrderPlaced',
          data: {
            orderId,
            memberId: member.memberId,
            productId,
            product: { name: 'Galaxy S24 5G (256 GB)', brand: 'Samsung', category: 'Electronics', images: [] },
            quantity: 1,
            unitPricePaise: 2_499_900,
            // A reservation (issue 33): its credit is spent when its checkout opens, below.
            creditPaise: 0,
            amountPaise: 2_499_900,
            customer: { email: 'asha@example.in', phone: '9876543210', firstName: 'Asha', lastName: 'Rao' },
            shippingAddress: address,
            billingAddress: address,
            reservedUntil: new Date(Date.now() + 900_000).toISOString(),
          },
        },
        {
          type: 'OrderPaymentStarted',
          data: {
            orderId,
            memberId: member.memberId,
            paymentId: checkout.body.data.paymentId,
            creditPaise: 249_990,
            amountPaise: 2_249_910,
          },
        },
      ]);
    await service().request(new URL(checkout.body.data.paymentLink).pathname, {
      method: 'POST',
      body: { outcome: 'success', method: 'upi' },
    });
    await eventually(async () => (await internal(`/internal/payments/orders/${orderId}`)).body.data.status === 'success');
    return orderId;
  };

  const ship = (member: TestMember, orderId: string, shipment = 1) =>
    service()
      .source('orders')
      .append(`order-${orderId}`, 'any', [
        {
          type: 'OrderShipped',
          data: {
            orderId,
            memberId: member.memberId,
            shipment,
            courier: 'Blue Dart',
            awbNumber: '12345678901',
            trackingUrl: 'https://bluedart.example/t',
          },
        },
      ]);

  const invoicesOf = async (orderId: string) =>
    (
      await sql<{
        invoice_number: string;
        document: any;
      }>`select invoice_number, document from invoices where order_id = ${orderId}`.execute(service().db)
    ).rows;
  return { product, paidOrder, ship, invoicesOf };
}
