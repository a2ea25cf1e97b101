import type { Clock, EventStore, InternalClient, Logger } from '@elts/platform';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DropAlertPushes } from '../alerts/drop-alert-push.js';
import type { DropAlertWhatsApp } from '../alerts/drop-alert-whatsapp.js';
import type { TrustedIssuer } from '../auth/id-token.js';
import type { Sessions } from '../auth/sessions.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { TextMessageOutbox } from '../notify/text-message-outbox.js';
import type { IdentitySettings } from '../settings.js';
import type { MembersView } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * What identity's routes are built from, made once in service.ts: every route module takes it, as the other
 * services' do with theirs, and picks what its commands need.
 */
export interface IdentityContext {
  db: Kysely<IdentityDb>;
  events: EventStore<IdentityDb>;
  members: MembersView;
  sessions: Sessions;
  mail: MailOutbox;
  texts: TextMessageOutbox;
  /** Drop alerts by Web Push; undefined when there is no VAPID key pair (production without one). */
  pushes: DropAlertPushes | undefined;
  /** Drop alerts on WhatsApp; undefined when the Cloud API is not set up. */
  whatsapp: DropAlertWhatsApp | undefined;
  /** The VAPID public key browsers subscribe with (RFC 8292). */
  vapidPublicKey: string | undefined;
  settings: IdentitySettings;
  logger: Logger;
  clock: Clock;
  /** The site's address without a trailing slash, for links in mail. */
  publicUrl: string;
  secureCookies: boolean;
  /** The caller's address as the gateway established it (never one the caller wrote itself). */
  clientAddress: (c: Context) => string;
  /** The providers whose ID tokens sign members in. */
  trustedIssuers: TrustedIssuer[];
  /** The catalogue, asked for a product prize's name and image. */
  catalog: () => InternalClient;
}
