import type { OrderPayload, ProductForOrder } from '@elts/contracts';
import type { NewEvent } from '@elts/platform';

/**
 * The event that records a reservation, whichever way the unit came: the member's own Buy Now (place-order.ts) or a
 * unit handed to them from the waitlist (waitlist/hand-over.ts). The order costs its price until checkout spends
 * the credit (checkout.ts).
 */
export function reservationPlaced(reservation: {
  orderId: string;
  memberId: string;
  product: ProductForOrder;
  payload: OrderPayload;
  payBy: Date;
  fromWaitlist?: boolean;
}): NewEvent {
  const { orderId, memberId, product, payload } = reservation;
  const shipping = payload.shipping_address;
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      memberId,
      productId: product.id,
      product: { name: product.name, brand: product.brand, category: product.category, images: product.images },
      quantity: payload.quantity,
      unitPricePaise: product.pricePaise,
      creditPaise: 0,
      amountPaise: product.pricePaise * payload.quantity,
      customer: {
        email: payload.customer_email,
        phone: payload.customer_phone,
        firstName: payload.first_name,
        lastName: payload.last_name,
      },
      shippingAddress: shipping,
      billingAddress: payload.billing_address ?? shipping,
      variantGroup: product.variantGroup ?? null,
      reservedUntil: reservation.payBy.toISOString(),
      fromWaitlist: reservation.fromWaitlist ?? false,
      // A retail price counts only with the date it was recorded (decision 0156).
      ...retailInForce(product),
    },
    metadata: { actor: `member:${memberId}` },
  };
}

/** The product's retail price with its date, both or neither. */
function retailInForce(product: ProductForOrder): { retailUnitPaise: number | null; retailRecordedAt: string | null } {
  const recordedAt = product.amazonPriceRecordedAt ?? null;
  if (product.amazonPricePaise === null || recordedAt === null) return { retailUnitPaise: null, retailRecordedAt: null };
  return { retailUnitPaise: product.amazonPricePaise, retailRecordedAt: recordedAt };
}
