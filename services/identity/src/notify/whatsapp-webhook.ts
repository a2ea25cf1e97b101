import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Meta's WhatsApp Cloud API webhook (docs/decisions/0168), as Meta documents it: a GET handshake when the callback is
 * subscribed (`hub.mode=subscribe`, the verify token set in the app's settings, a challenge to echo), then POSTs of
 * `{ object: "whatsapp_business_account", entry: [{ id, changes: [{ field: "messages", value }] }] }` signed with
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. A message's statuses
 * come in `value.statuses`: sent, delivered, read or failed, each with the message's wamid, a Unix timestamp in
 * seconds and, for a failure, `errors`. Meta adds fields over time: unknown ones are ignored, never refused.
 */

export type WhatsAppStatusName = 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsAppStatus {
  /** Meta's message id (wamid), as its send answered it. */
  messageId: string;
  status: WhatsAppStatusName;
  at: Date;
  /** A failure's error, as "code: title". */
  error: string | null;
}

/** Why a webhook was refused, in a sentence for the 4xx answer (never naming a secret). */
export class WhatsAppWebhookRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/** The subscription handshake: the challenge to echo, or a refusal when the mode or the token is not ours. */
export function handshakeAnswer(query: { mode: string; token: string; challenge: string }, verifyToken: string): string {
  if (query.mode !== 'subscribe' || !sameText(query.token, verifyToken))
    throw new WhatsAppWebhookRefused(403, 'The verify token does not match this webhook.');
  return query.challenge;
}

/** Checks `X-Hub-Signature-256` over the raw body before anything in it is read. */
export function verifySignature(raw: string, header: string | undefined, appSecret: string): void {
  if (!header) throw new WhatsAppWebhookRefused(401, 'The webhook is not signed (X-Hub-Signature-256 is missing).');
  const expected = `sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`;
  if (!sameText(header.trim().toLowerCase(), expected))
    throw new WhatsAppWebhookRefused(401, "The webhook's signature does not match its body.");
}

const digits = z.string().regex(/^\d{1,12}$/);

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(40),
  timestamp: digits,
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.object({ code: z.number().int(), title: z.string().max(500).optional(), message: z.string().max(500).optional() }))
    .optional(),
});

const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        id: z.string().max(40),
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }).optional(),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});

const RECORDED = new Set<string>(['sent', 'delivered', 'read', 'failed']);

/**
 * The statuses a signed body carries. A status Meta may add later (say `deleted`) is skipped, not refused: refusing
 * would make Meta deliver it again and again. A body that is not JSON or not Meta's shape is refused with a sentence.
 */
export function statusesOf(raw: string): WhatsAppStatus[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new WhatsAppWebhookRefused(400, 'The webhook body is not JSON.');
  }
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'its top';
    throw new WhatsAppWebhookRefused(
      400,
      `The webhook body is not a WhatsApp Business Account notification as Meta sends it (at ${where}).`,
    );
  }
  return parsed.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      change.field !== 'messages'
        ? []
        : (change.value?.statuses ?? [])
            .filter((status) => RECORDED.has(status.status))
            .map((status) => ({
              messageId: status.id,
              status: status.status as WhatsAppStatusName,
              at: new Date(Number(status.timestamp) * 1000),
              error: status.errors?.[0]
                ? `${status.errors[0].code}: ${status.errors[0].title ?? status.errors[0].message ?? ''}`.slice(0, 500)
                : null,
            })),
    ),
  );
}

/** Compared in constant time (a token or a signature guessed byte by byte learns nothing from the timing). */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
