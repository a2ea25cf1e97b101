import { Agent } from 'node:https';
import webPush from 'web-push';
import { pushEndpointAllowed } from './push-endpoints.js';

/** A device's Web Push subscription as the browser made it (RFC 8291 keys, base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How long the push service keeps a message for a device that is offline, and how eagerly it wakes one. */
export interface PushDelivery {
  /** Seconds (RFC 8030 TTL): a drop alert is worthless once its moment has passed. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (RFC 8030 §5.4): at most 32 base64url characters. */
  topic?: string;
}

/** What the push service answered: accepted, or the subscription is gone (404 or 410) and is to be forgotten. */
export type PushResult = 'accepted' | 'gone';

/**
 * The Web Push port (docs/decisions/0160): sends one encrypted message to one device's push service. A failure the
 * push service may get over (a 429, a 5xx, no answer) throws, and the outbox tries again later.
 */
export interface PushSender {
  send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push service may contact about our messages (RFC 8292 `sub`): a mailto: or https: address. */
  subject: string;
}

/** A push service's refusal that is not the subscription being gone. */
export class PushRefused extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`push service answered ${status}: ${body.slice(0, 200)}`);
  }
}

/** An endpoint that is not a browser push service's (docs/decisions/0164): nothing is sent to it, ever. */
export class PushEndpointNotAllowed extends Error {
  constructor(endpoint: string) {
    super(`not a browser push service, not sent: ${new URL(endpoint).host}`);
  }
}

const GONE = new Set([404, 410]);

/**
 * The real adapter: the `web-push` library encrypts the payload for the subscription (RFC 8291 aes128gcm) and signs a
 * VAPID JWT (RFC 8292) for the push service's origin, then POSTs it (RFC 8030). `extraCa` trusts one more certificate
 * authority (the tests' local push service), besides the system's. It sends only to a browser push service's host
 * (or to one of `extraOrigins`, in tests), whatever endpoint it is given: a stored endpoint from before the allow-list,
 * or one written into the database, is refused without a request (docs/decisions/0164).
 */
export class WebPushSender implements PushSender {
  private readonly agent: Agent | undefined;

  constructor(
    private readonly vapid: VapidKeys,
    extraCa?: string,
    private readonly extraOrigins: readonly string[] = [],
    private readonly timeoutMs = 10_000,
  ) {
    this.agent = extraCa ? new Agent({ ca: extraCa, keepAlive: true }) : undefined;
  }

  async send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushResult> {
    if (!pushEndpointAllowed(target.endpoint, this.extraOrigins)) throw new PushEndpointNotAllowed(target.endpoint);
    try {
      const answer = await webPush.sendNotification(target, payload, {
        vapidDetails: this.vapid,
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        ...(delivery.topic ? { topic: delivery.topic } : {}),
        contentEncoding: 'aes128gcm',
        timeout: this.timeoutMs,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      if (answer.statusCode >= 200 && answer.statusCode < 300) return 'accepted';
      throw new PushRefused(answer.statusCode, answer.body);
    } catch (error) {
      if (error instanceof webPush.WebPushError) {
        if (GONE.has(error.statusCode)) return 'gone';
        throw new PushRefused(error.statusCode, error.body);
      }
      throw error;
    }
  }
}

/** A new VAPID key pair (P-256), base64url as browsers take the public key. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
