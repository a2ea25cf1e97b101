import { createHash } from 'node:crypto';
import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { type PushDelivery, PushEndpointNotAllowed, PushRefused, type PushSender } from '../notify/web-push.js';
import type { WaitlistHandover } from '../store/outbox-claims.js';
import type { IdentityDb } from '../store/tables.js';
import {
  allPushEndpoints,
  dropPushSubscriptions,
  markPushSubscriptionUsed,
  type OutboxPush,
  pushSubscriptionById,
  pushSubscriptionsOfMembers,
} from '../store/web-push.js';
import { alertOpenPath, dropAlertLines, dropAlertTitle } from './drop-alert-mail.js';
import { type DropMessage, type WaitingContent, WaitingMessages } from './waiting-message.js';
import { handoverDelivery, handoverPushPayload } from './waitlist-handover.js';

/** What the service worker shows: the notification's title and text, the page a tap opens, and its tag. */
export interface DropAlertPushPayload {
  title: string;
  body: string;
  /** A path of the shop (the service worker opens it on its own origin). */
  url: string;
  /** One notification per drop and moment on a device: a repeat replaces, never stacks. */
  tag: string;
}

/** An opening or a last call is worth a couple of hours; a preview until its drop opens. */
const LIVE_MOMENT_TTL_SECONDS = 2 * 3600;
const MIN_TTL_SECONDS = 60;

/** A drop's moment, as a message about it says it. */
type DropContent = Extract<WaitingContent, { kind: 'drop' }>;

/** The message a push carries, from the items still alerting the member when it goes. */
export function dropAlertPushPayload(drop: DropContent, createdAt: Date): DropAlertPushPayload {
  return {
    title: dropAlertTitle(drop.moment, drop.matches.length, createdAt, drop.opensAt),
    body: dropAlertLines(drop.matches)
      .map((line) => line.replace(/^- /, ''))
      .join('\n'),
    url: alertOpenPath({ memberId: drop.memberId, key: drop.key, dropId: drop.dropId, moment: drop.moment, channel: 'push' }),
    tag: `drop-${drop.dropId}-${drop.moment}`,
  };
}

/** TTL, urgency and topic (RFC 8030 §5) for a moment of a drop, as the message goes at `now`. */
export function dropAlertDelivery(drop: Pick<DropContent, 'dropId' | 'moment' | 'opensAt'>, now: Date): PushDelivery {
  const untilOpening = Math.floor((drop.opensAt.getTime() - now.getTime()) / 1000);
  const ttlSeconds = drop.moment === 'preview' ? Math.max(MIN_TTL_SECONDS, untilOpening) : LIVE_MOMENT_TTL_SECONDS;
  const topic = createHash('sha256').update(drop.dropId).digest('base64url').slice(0, 32);
  return { ttlSeconds, urgency: drop.moment === 'opening' ? 'high' : 'normal', topic };
}

/**
 * Drop alerts by Web Push (docs/decisions/0160): a message is written to the push outbox for each of the member's
 * devices in the transaction that records it sent (so it is neither lost nor repeated across a restart), waits out
 * quiet hours there, and is delivered by the port. At delivery the member's choices are read again: Web Push turned off
 * since, or every item muted, and it is not sent; muted items are left out of it. A device the push service says is
 * gone (404, 410) is forgotten with its waiting messages. Instances claim rows with SKIP LOCKED, as the mail outbox.
 */
export class DropAlertPushes extends WaitingMessages<OutboxPush> {
  constructor(
    db: Kysely<IdentityDb>,
    private readonly sender: PushSender,
    logger: Logger,
    clock: Clock,
  ) {
    super(db, clock, logger, 'push', 'push_outbox');
  }

  /** Writes one message for each device of each member, in the caller's transaction. */
  enqueue(trx: Kysely<IdentityDb>, messages: { message: DropMessage; devices: { id: string }[] }[]): Promise<void> {
    return this.write(
      trx,
      messages.flatMap(({ message, devices }) =>
        devices.map((device) => ({ message, key: `push:${device.id}`, columns: { subscription_id: device.id } })),
      ),
    );
  }

  /**
   * Forgets the stored devices whose endpoints `allowed` refuses (docs/decisions/0164, 0168): subscriptions kept from
   * before the allow-list, or written into the table. Each would fail once, without a request, whenever a message
   * was due for it; swept at start, none is written a message. How many were forgotten (their endpoints are not
   * logged: a member's browser gave them).
   */
  async forgetDisallowedDevices(allowed: (endpoint: string) => boolean): Promise<number> {
    const off = (await allPushEndpoints(this.db)).filter((device) => !allowed(device.endpoint)).map((device) => device.id);
    await dropPushSubscriptions(this.db, off);
    if (off.length > 0) this.logger.warn({ devices: off.length }, 'web push subscriptions off the allow-list forgotten');
    return off.length;
  }

  /** The waitlist hand-over to each of the member's devices, once per device (docs/decisions/0164). */
  async enqueueHandover(memberId: string, handover: WaitlistHandover): Promise<void> {
    for (const device of (await pushSubscriptionsOfMembers(this.db, [memberId])).get(memberId) ?? [])
      await this.writeHandover(memberId, handover, `push:${device.id}`, { subscription_id: device.id });
  }

  protected async send(push: OutboxPush, content: WaitingContent, now: Date): Promise<void> {
    const device = await pushSubscriptionById(this.db, push.subscription_id);
    if (!device) return this.mark(push.id, { status: 'cancelled' });
    const [payload, delivery] =
      content.kind === 'drop'
        ? [dropAlertPushPayload(content, new Date(push.created_at)), dropAlertDelivery(content, now)]
        : [handoverPushPayload(content.handover), handoverDelivery(content.handover, now)];
    const result = await this.sender.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      delivery,
    );
    if (result === 'gone') {
      // The browser unsubscribed or the subscription expired: it will never be reached again.
      await dropPushSubscriptions(this.db, [device.id]);
      this.logger.info({ memberId: push.member_id }, 'web push subscription gone, forgotten');
      return;
    }
    await this.mark(push.id, { status: 'sent', sent_at: now, last_error: null });
    await markPushSubscriptionUsed(this.db, device.id, now);
  }

  /**
   * A refusal of the message itself (400, 401, 403, 413) would be refused again, as would an endpoint off the allow-list;
   * busy (429) or failing (5xx) may pass.
   */
  protected isFinal(error: unknown): boolean {
    if (error instanceof PushEndpointNotAllowed) return true;
    return error instanceof PushRefused && error.status < 500 && error.status !== 429;
  }
}
