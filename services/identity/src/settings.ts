import { secret, settings } from '@elts/platform';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Identity's own settings (beyond every process's). */
export const identitySettings = z.object({
  /** The product's public address: the development sign-in issuer, links in mail and invitations. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Google sign-in's OAuth client id (required in production). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Where Google publishes its signing keys (changed only to test against a local fake). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  REGISTRATION_CAP: count(50_000),
  WALL_SIZE: count(10_000),
  GIVEAWAY_OPENS_AT_MEMBERS: count(10_000),
  INVITATIONS_PER_MONTH: count(3),
  INVITATION_VALID_DAYS: z.coerce.number().int().min(1).default(30),
  MEMBER_SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  ADMIN_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
  /** The first admin account, created at start if missing. */
  ADMIN_USERNAME: z.string().trim().min(3).max(64).optional(),
  ADMIN_PASSWORD: secret(z.string().min(12, 'must be at least 12 characters')).optional(),
  /** SMTP server (smtp:// or smtps:// URL with credentials); unset keeps mail in the outbox and the log. */
  SMTP_URL: secret(z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')).optional(),
  MAIL_FROM: z.string().min(3).default('ELTS Club <hello@elts.club>'),
  /**
   * Web Push's VAPID key pair (RFC 8292, base64url as `npx web-push generate-vapid-keys` prints them). Unset outside
   * production: a pair is made once and kept in the database; unset in production: Web Push is not offered.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: secret(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')).optional(),
  /** Who push services may contact about our messages (RFC 8292): a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
    .default('mailto:hello@elts.club'),
  /**
   * WhatsApp Business Cloud API (docs/decisions/0160): the access token and the business phone number's id; unset,
   * WhatsApp alerts are not offered. The drop alert is an approved MARKETING template with two body parameters.
   */
  WHATSAPP_ACCESS_TOKEN: secret(z.string().min(20, 'must be a Cloud API access token')).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the phone number id Meta shows (digits)')
    .optional(),
  /** Meta's Graph API address (changed only to test against a local fake) and version. */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d$/, 'must be a Graph API version like v23.0')
    .default('v23.0'),
  WHATSAPP_DROP_ALERT_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (a-z, 0-9, _)')
    .default('drop_alert'),
  /**
   * The waitlist hand-over ("Reserved for you", docs/decisions/0164): an approved UTILITY template with four body
   * parameters (the product, its price, the pay-by time in India, the order page's address).
   */
  WHATSAPP_WAITLIST_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (a-z, 0-9, _)')
    .default('waitlist_reserved'),
  /**
   * What Meta charges a delivered template message in India, per category, in paise (two decimals allowed), for the
   * operators' estimated WhatsApp cost (docs/decisions/0164). The default is Meta's India rate card from 1 January 2026
   * (₹0.8631 marketing, ₹0.1150 utility); check it against Meta's published rates and the account's volume tier.
   */
  WHATSAPP_PRICE_PAISE: z
    .string()
    .regex(
      /^MARKETING=\d+(\.\d{1,2})?,UTILITY=\d+(\.\d{1,2})?$/,
      'must be MARKETING=<paise>,UTILITY=<paise>, like MARKETING=86.31,UTILITY=11.5',
    )
    .default('MARKETING=86.31,UTILITY=11.5')
    .transform((text) => {
      const price = (category: string) => Number(new RegExp(`${category}=([\\d.]+)`).exec(text)?.[1] ?? 0);
      return { MARKETING: price('MARKETING'), UTILITY: price('UTILITY') };
    }),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).max(10).default('en'),
  /**
   * Meta's status webhook (docs/decisions/0168): the app secret that signs each delivery (X-Hub-Signature-256) and the
   * verify token given in the app's webhook settings, which Meta's subscription handshake echoes; both or neither.
   * Unset, WhatsApp's "delivered" stays "accepted by Meta" and its reads are not reported.
   */
  WHATSAPP_APP_SECRET: secret(z.string().min(16, "must be the Meta app's secret")).optional(),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: secret(z.string().min(16, 'must be at least 16 characters').max(200)).optional(),
  /** One more certificate authority the Web Push adapter trusts (a PEM file; only to test against a local push service). */
  WEB_PUSH_CA_FILE: z.string().min(1).optional(),
  /**
   * Tests only (refused in production): https origins, separated by commas, that Web Push may send to besides the
   * browsers' push services (docs/decisions/0164), such as a local push service's `https://127.0.0.1:8443`.
   */
  WEB_PUSH_TEST_ORIGINS: z
    .string()
    .regex(/^https:\/\/[^\s,/]+(,https:\/\/[^\s,/]+)*$/, 'must be https origins separated by commas')
    .transform((text) => text.split(',').map((origin) => new URL(origin).origin))
    .optional(),
  LOGIN_FAILURES_BEFORE_LOCKOUT: z.coerce.number().int().min(1).default(5),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  SECURE_COOKIES: settings.booleanFlag.optional(),
});

export type IdentitySettings = z.output<typeof identitySettings>;
