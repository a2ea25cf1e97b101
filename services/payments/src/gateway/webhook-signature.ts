import { createHmac, timingSafeEqual } from 'node:crypto';

/** Cashfree's webhook signature: Base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');
}

/** Constant-time comparison of a presented signature with the expected one. */
export function signatureMatches(secret: string, timestamp: string, rawBody: string, presented: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Webhooks older than this are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

export function isStale(timestampMs: number, now: Date): boolean {
  return !Number.isFinite(timestampMs) || Math.abs(now.getTime() - timestampMs) > WEBHOOK_MAX_AGE_MS;
}
