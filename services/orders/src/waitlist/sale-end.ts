import type { NewEvent } from '@elts/platform';
import type { OrdersContext } from '../commands/context.js';
import { closeWaiting } from '../store/waitlist.js';

export const CLOSE_WAITLIST = 'waitlist.sale-ends';

/**
 * A product's sale ended with members still on its waitlist (issue 33 item 3): their places close and each is told
 * (identity mails them on `WaitlistClosed`), so no one waits for a unit that can no longer be sold. Due at the sale's
 * end, scheduled when a member joins; a sale moved later since is asked about again at its new end. A product the
 * catalog no longer has is over too.
 */
export async function closeWaitlistAtSaleEnd(context: OrdersContext, productId: string): Promise<void> {
  const product = await context.partners.product(productId);
  const now = context.clock.now();
  const endsAt = product?.saleEndAt ? new Date(product.saleEndAt) : undefined;
  if (product && !endsAt) return;
  if (endsAt && endsAt > now) return context.waitlistClosesAt(productId, endsAt);
  const productName = product?.name ?? productId;
  const saleEndedAt = (endsAt ?? now).toISOString();
  await context.events.transact(async (unit) => {
    const members = await closeWaiting(unit.db, productId, now);
    const closed: NewEvent[] = members.map((memberId) => ({
      type: 'WaitlistClosed',
      data: { productId, productName, memberId, saleEndedAt },
    }));
    if (closed.length > 0) await unit.append(`waitlist-${productId}`, 'any', closed);
  });
}
