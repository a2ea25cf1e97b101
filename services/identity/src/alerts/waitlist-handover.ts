import { createHash } from 'node:crypto';
import { formatRupees, indianDateTime } from '@elts/contracts';
import type { PushDelivery } from '../notify/web-push.js';
import type { WaitlistHandover } from '../store/outbox-claims.js';

/**
 * The waitlist hand-over on Web Push and WhatsApp (issue 37, docs/decisions/0164): the words of the mail's
 * "Reserved for you" (mail/templates.ts), short enough for a notification or a template's parameters.
 */

const MIN_TTL_SECONDS = 60;

/** The member's own order page, where Pay now and Cancel are. */
export const handoverPath = (orderId: string) => `/order?order_id=${encodeURIComponent(orderId)}`;

/** "28/11/2026 00:15 (India time)". */
export const payBy = (handover: WaitlistHandover) => `${indianDateTime(new Date(handover.reservedUntil))} (India time)`;

/** What the service worker shows: the reservation, until when to pay, and the order page a tap opens. */
export function handoverPushPayload(handover: WaitlistHandover) {
  return {
    title: `Reserved for you: ${handover.product}`,
    body: `Price: ${formatRupees(handover.amountPaise)}. Pay by ${payBy(handover)}, or it goes to the next member waiting.`,
    url: handoverPath(handover.orderId),
    tag: `waitlist-${handover.orderId}`,
  };
}

/** Kept by the push service until the pay-by time at most, and urgent: it is worth nothing later. */
export function handoverDelivery(handover: WaitlistHandover, now: Date): PushDelivery {
  const untilPayBy = Math.floor((new Date(handover.reservedUntil).getTime() - now.getTime()) / 1000);
  const topic = createHash('sha256').update(`waitlist:${handover.orderId}`).digest('base64url').slice(0, 32);
  return { ttlSeconds: Math.max(MIN_TTL_SECONDS, untilPayBy), urgency: 'high', topic };
}

/** The UTILITY template's four body parameters: the product, its price, the pay-by time, the order page. */
export function handoverTemplateParameters(handover: WaitlistHandover, siteUrl: string): string[] {
  return [handover.product, formatRupees(handover.amountPaise), payBy(handover), `${siteUrl}${handoverPath(handover.orderId)}`];
}
