import { z } from 'zod';

/**
 * A member's drop alerts (issue 37 item 3, docs/decisions/0088): which lists alert them, on which channels, their
 * quiet hours (India time; messages wait, they are not dropped), whether to be woken at a drop's opening, and the
 * items they no longer want to hear about. Nothing goes out on a channel the member has not turned on.
 */
export const ALERT_CHANNELS = ['email', 'inbox', 'push', 'whatsapp'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** At most this many promotional messages per drop and member, across every channel. */
export const PROMOTIONAL_MESSAGES_PER_DROP = 2;

const clockTime = (field: string) =>
  z.string({ error: `${field} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time of day like 22:00`);

export const alertPreferencesSchema = z.strictObject({
  lists: z.strictObject({ need: z.boolean(), greed: z.boolean() }),
  // Web Push (decision 0160) came later: a client that does not name it keeps it off.
  channels: z.strictObject({
    email: z.boolean(),
    inbox: z.boolean(),
    push: z.boolean().default(false),
    whatsapp: z.boolean().default(false),
  }),
  quietHours: z
    .strictObject({ from: clockTime('The start of quiet hours'), until: clockTime('The end of quiet hours') })
    .refine((hours) => hours.from !== hours.until, { message: 'Quiet hours must start and end at different times', path: ['until'] }),
  wakeAtOpening: z.boolean(),
  /** List items the member unsubscribed from, as they wrote them. */
  mutedItems: z.array(z.string().trim().min(1).max(120)).max(20, 'At most 20 muted items'),
});
export type AlertPreferences = z.output<typeof alertPreferencesSchema>;

/** What a member who never chose has: both lists, the in-app inbox only, quiet from 22:00 to 08:00, not woken. */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  lists: { need: true, greed: true },
  channels: { email: false, inbox: true, push: false, whatsapp: false },
  quietHours: { from: '22:00', until: '08:00' },
  wakeAtOpening: false,
  mutedItems: [],
};

export const inboxMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path in the shop the message leads to. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxMessage = z.output<typeof inboxMessageSchema>;

/**
 * A browser's Web Push subscription (the Push API's `PushSubscription.toJSON()`, RFC 8030 and RFC 8291): the push
 * service's https endpoint, the browser's P-256 public key (65 bytes uncompressed) and its 16-byte auth secret, both
 * base64url.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The push subscription needs an https endpoint' })
    .max(1000, 'The push subscription needs an https endpoint'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'The push subscription key is not a P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'The push subscription auth secret is not 16 bytes'),
  }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** Forgetting one of the member's devices: the endpoint it was subscribed with. */
export const pushEndpointSchema = z.strictObject({ endpoint: z.string().min(1).max(1000) });

/** What an unsubscribe link stops: one channel, or one list item on every channel; `d` the drop whose message it was in. */
export const unsubscribeQuerySchema = z.object({
  m: z.uuid('This unsubscribe link is not complete.'),
  k: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This unsubscribe link is not complete.'),
  channel: z.enum(ALERT_CHANNELS, { error: 'This unsubscribe link is not complete.' }).optional(),
  item: z.string().trim().min(1).max(120).optional(),
  d: z.string().min(1).max(64).optional(),
});

export const DROP_MOMENTS = ['preview', 'opening', 'last_call'] as const;

/**
 * Meta's subscription handshake of the WhatsApp webhook (docs/decisions/0168): `hub.mode=subscribe`, the verify token
 * set in the app's webhook settings, and a challenge the callback echoes.
 */
export const whatsappWebhookHandshakeSchema = z.object({
  'hub.mode': z.string({ error: 'hub.mode is required' }).max(40),
  'hub.verify_token': z.string({ error: 'hub.verify_token is required' }).max(200),
  'hub.challenge': z.string({ error: 'hub.challenge is required' }).regex(/^[A-Za-z0-9_-]{1,100}$/, 'hub.challenge is not one Meta sends'),
});

/**
 * A drop message's link to the member's board (mail, Web Push): the member, their unsubscribe key as the proof, the
 * drop, the moment and the channel, so a click counts once for the operators' figures (docs/decisions/0164).
 */
export const alertOpenQuerySchema = z.object({
  m: z.uuid('This link is not complete.'),
  k: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete.'),
  d: z.string().min(1).max(64, 'This link is not complete.'),
  moment: z.enum(DROP_MOMENTS, { error: 'This link is not complete.' }),
  c: z.enum(['email', 'push'], { error: 'This link is not complete.' }),
});

const count = z.number().int().min(0);

/**
 * Operators' figures of one drop's alerts (issue 37 item 5, docs/decisions/0164), per channel: members sent a message
 * (`alerted`), messages delivered (handed to the mail server, the push service or Meta; the inbox at once), opened and
 * clicked where the channel reports it (null where it does not), and unsubscribes from its links; and WhatsApp's
 * estimated cost, of the drop and of the month, in paise.
 */
export const dropAlertFiguresSchema = z.object({
  dropId: z.string(),
  channels: z.array(
    z.object({
      channel: z.enum(ALERT_CHANNELS),
      alerted: count,
      delivered: count,
      opened: count.nullable(),
      clicked: count.nullable(),
      unsubscribes: count,
    }),
  ),
  whatsapp: z.object({
    /** The drop's WhatsApp messages delivered, at the MARKETING price. */
    dropCostPaise: count,
    /** The India calendar month (YYYY-MM) the month's figures are of: the current one. */
    month: z.string(),
    monthMessages: z.object({ MARKETING: count, UTILITY: count }),
    monthCostPaise: count,
    /** The prices used, per delivered message (a fraction of a paisa allowed, as Meta's rate card has). */
    pricesPaise: z.object({ MARKETING: z.number().min(0), UTILITY: z.number().min(0) }),
  }),
});
export type DropAlertFigures = z.output<typeof dropAlertFiguresSchema>;

/**
 * `POST /internal/drop-alerts`: one moment of one drop for many members, each with the drop's products that matched
 * their lists (the catalog's matcher, decision 0099). Identity applies each member's choices and queues one message.
 */
export const dropAlertsRequestSchema = z.strictObject({
  dropId: z.string().min(1).max(64),
  moment: z.enum(DROP_MOMENTS),
  opensAt: z.iso.datetime().transform((at) => new Date(at)),
  members: z
    .array(
      z.strictObject({
        memberId: z.uuid(),
        matches: z
          .array(
            z.strictObject({
              list: z.enum(['need', 'greed']),
              item: z.string().trim().min(1).max(120),
              productName: z.string().trim().min(1).max(200),
            }),
          )
          .max(15),
      }),
    )
    .max(1000),
});

export const DROP_ALERT_OUTCOMES = ['queued', 'nothing_to_say', 'not_asked', 'no_channel', 'capped', 'already_sent'] as const;
export type DropAlertOutcome = (typeof DROP_ALERT_OUTCOMES)[number];
