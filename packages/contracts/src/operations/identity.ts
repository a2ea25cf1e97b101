import { z } from 'zod';
import {
  alertOpenQuerySchema,
  alertPreferencesSchema,
  DROP_ALERT_OUTCOMES,
  dropAlertFiguresSchema,
  dropAlertsRequestSchema,
  inboxMessageSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  unsubscribeQuerySchema,
  whatsappWebhookHandshakeSchema,
} from '../api/alerts.js';
import { contactRequestSchema } from '../api/contact.js';
import { giveawayEntrySchema } from '../api/giveaway.js';
import { giveawayPrizeSchema as giveawayPrize, giveawayPrizesRequestSchema, giveawayResultsSchema } from '../api/giveaway-prizes-schema.js';
import { loginRequestSchema, profileSchema, updateProfileSchema, welcomeEmailRequestSchema } from '../api/members.js';
import { SESSION_LOOKUPS_PER_CALL } from '../sessions.js';
import { answer, done, pagination, specPagination } from './answers.js';
import { operation } from './operation.js';

// ---- Requests ----

/** `POST /admin/login`. */
export const adminLoginSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

/**
 * The tokens one request carried. No length limit of its own: a token too long to be a session is unknown like any
 * other, not a bad request, which the gateway could only pass on as a failure of its own.
 */
export const sessionTokensSchema = z.strictObject({
  bearer: z.string().optional(),
  memberCookie: z.string().optional(),
  adminCookie: z.string().optional(),
});

/**
 * `POST /internal/sessions/resolve`: the tokens of the requests a gateway received together (decision 0074), at most
 * `SESSION_LOOKUPS_PER_CALL`; the gateway leaves out what cannot be a session token (`mayBeSessionToken`), so a full
 * call stays within the body limit.
 */
export const sessionLookupsSchema = z.strictObject({
  requests: z.array(sessionTokensSchema).min(1).max(SESSION_LOOKUPS_PER_CALL),
});

/** `GET /user/wall`: a page of the wall. */
export const wallQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** `POST /admin/invitations`: how many codes to make. */
export const adminInvitationsRequestSchema = z.object({ count: z.number().int().min(1).max(100).default(1) });

/** Which giveaway entries an operator lists or downloads. */
export const giveawayResultFilterSchema = z
  .enum(['all', 'passed', 'failed'], { error: 'The result filter is all, passed or failed.' })
  .default('all');

/** `GET /admin/giveaway/entries`. */
export const giveawayEntriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'The page is 1 or more.').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'At most 100 entries a page.').default(20),
  result: giveawayResultFilterSchema,
});

/** `POST /dev/idp/id-token`: who the development provider signs in. */
export const devIdTokenRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Email must be a valid email address')),
  name: z.string().trim().min(1, 'Name is required').max(100),
});

// ---- Answers ----

const principal = z.object({
  member: z.object({ id: z.string(), sessionId: z.string() }).optional(),
  admin: z.object({ id: z.string(), username: z.string(), sessionId: z.string() }).optional(),
});

const signInOptions = z.object({ provider: z.enum(['google', 'development']), googleClientId: z.string().nullable() });

const giveawayStatus = z.object({
  open: z.boolean(),
  members_needed: z.number().int(),
  eligible: z.boolean(),
  drawn: z.boolean(),
  won: z.object({ slot: z.number().int(), prize: z.string() }).nullable(),
});

const invitation = z.object({ code: z.string(), link: z.string(), expires_at: z.string() });

const entryCounts = z.object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int() });

const giveawayWinner = z.object({
  slot: z.number().int(),
  memberId: z.string(),
  memberNumber: z.number().int(),
  email: z.string(),
  prize: z.string(),
  name: z.string(),
});

const giveawayEntry = z.object({
  memberId: z.string(),
  memberNumber: z.number().int(),
  name: z.string(),
  email: z.string(),
  enteredAt: z.string(),
  passed: z.boolean(),
});

const drawRecord = {
  seed: z.string(),
  method: z.string(),
  entrantCount: z.number().int(),
  entrantsDigest: z.string(),
  drawnAt: z.string(),
};

/** Members, sign-in, sessions, admin accounts, profiles, invitations, the wall, the giveaway, contact messages, mail. */
export const identityOperations = {
  resolveSessions: operation({
    id: 'resolveSessions',
    method: 'POST',
    path: '/internal/sessions/resolve',
    owner: 'identity',
    access: 'internal',
    summary: "Who holds each request's session tokens (asked by the gateway for the requests it received together)",
    body: sessionLookupsSchema,
    response: answer(z.object({ principals: z.array(principal) })),
  }),

  queueDropAlerts: operation({
    id: 'queueDropAlerts',
    method: 'POST',
    path: '/internal/drop-alerts',
    owner: 'identity',
    access: 'internal',
    summary: "Queues one drop moment's message for each member given, by each member's alert choices; says what became of each",
    body: dropAlertsRequestSchema,
    response: answer(z.object({ outcomes: z.partialRecord(z.enum(DROP_ALERT_OUTCOMES), z.number().int()) })),
  }),

  adminAccounts: operation({
    id: 'adminAccounts',
    method: 'GET',
    path: '/internal/admins',
    owner: 'identity',
    access: 'internal',
    summary: "The admin accounts' ids and usernames (asked by admin-bff to name the operators of its audit trail)",
    response: answer(z.object({ admins: z.array(z.object({ id: z.string(), username: z.string() })) })),
  }),

  signInOptions: operation({
    id: 'signInOptions',
    method: 'GET',
    path: '/user/sign-in-options',
    owner: 'identity',
    access: 'public',
    summary: 'What the sign-in buttons open: Google with its client id, or the development provider',
    response: answer(signInOptions),
  }),

  memberLogin: operation({
    id: 'memberLogin',
    method: 'POST',
    path: '/user/login',
    owner: 'identity',
    access: 'public',
    summary: "Signs a member in with their provider's ID token, creating the membership on first sign-in",
    body: loginRequestSchema,
    response: answer(z.object({ member_number: z.number().int(), is_new_member: z.boolean(), email: z.string() }), { token: z.string() }),
  }),

  memberLogout: operation({
    id: 'memberLogout',
    method: 'POST',
    path: '/user/logout',
    owner: 'identity',
    access: 'member',
    summary: "Ends the member's session on this device",
    response: done,
  }),

  memberLogoutEverywhere: operation({
    id: 'memberLogoutEverywhere',
    method: 'POST',
    path: '/user/logout-everywhere',
    owner: 'identity',
    access: 'member',
    summary: "Ends every one of the member's sessions",
    response: done,
  }),

  adminLogin: operation({
    id: 'adminLogin',
    method: 'POST',
    path: '/admin/login',
    owner: 'identity',
    access: 'public',
    summary: 'Signs an admin in with username and password (locked for a while after repeated failures)',
    body: adminLoginSchema,
    response: answer(z.object({ username: z.string() }), { token: z.string() }),
  }),

  adminLogout: operation({
    id: 'adminLogout',
    method: 'POST',
    path: '/admin/logout',
    owner: 'identity',
    access: 'admin',
    summary: "Ends the admin's session",
    response: done,
  }),

  getAlertPreferences: operation({
    id: 'getAlertPreferences',
    method: 'GET',
    path: '/user/alert-preferences',
    owner: 'identity',
    access: 'member',
    summary: "The member's drop alert choices: lists, channels, quiet hours, waking at the opening, muted items",
    response: answer(alertPreferencesSchema),
  }),

  updateAlertPreferences: operation({
    id: 'updateAlertPreferences',
    method: 'PUT',
    path: '/user/alert-preferences',
    owner: 'identity',
    access: 'member',
    summary: "Replaces the member's drop alert choices, honoured from the next message",
    body: alertPreferencesSchema,
    response: answer(alertPreferencesSchema),
  }),

  alertInbox: operation({
    id: 'alertInbox',
    method: 'GET',
    path: '/user/alert-inbox',
    owner: 'identity',
    access: 'member',
    summary: "The member's in-app messages about drops, newest first",
    response: answer(z.array(inboxMessageSchema)),
  }),

  alertChannels: operation({
    id: 'alertChannels',
    method: 'GET',
    path: '/user/alert-channels',
    owner: 'identity',
    access: 'member',
    summary: 'Which alert channels are offered (Web Push, WhatsApp) and whether the member has a number WhatsApp can reach',
    response: answer(z.object({ push: z.boolean(), whatsapp: z.boolean(), whatsappNumber: z.boolean() })),
  }),

  webPushKey: operation({
    id: 'webPushKey',
    method: 'GET',
    path: '/user/web-push/key',
    owner: 'identity',
    access: 'member',
    summary: "The application server's VAPID public key (RFC 8292), which the browser's push subscription is made with",
    response: answer(z.object({ publicKey: z.string() })),
  }),

  saveWebPushSubscription: operation({
    id: 'saveWebPushSubscription',
    method: 'POST',
    path: '/user/web-push/subscriptions',
    owner: 'identity',
    access: 'member',
    summary: "Keeps this device's Web Push subscription for the member's drop alerts (the same endpoint again replaces it)",
    body: pushSubscriptionSchema,
    response: done,
  }),

  removeWebPushSubscription: operation({
    id: 'removeWebPushSubscription',
    method: 'DELETE',
    path: '/user/web-push/subscriptions',
    owner: 'identity',
    access: 'member',
    summary: "Forgets one of the member's Web Push subscriptions (this device no longer hears drop alerts)",
    body: pushEndpointSchema,
    response: done,
  }),

  unsubscribePage: operation({
    id: 'unsubscribePage',
    method: 'GET',
    path: '/alerts/unsubscribe',
    owner: 'identity',
    access: 'public',
    summary: "The page an alert's unsubscribe link opens: one button stops that channel or item (a mail scanner's visit changes nothing)",
    query: unsubscribeQuerySchema,
    produces: 'html',
  }),

  unsubscribeOneClick: operation({
    id: 'unsubscribeOneClick',
    method: 'POST',
    path: '/alerts/unsubscribe',
    owner: 'identity',
    access: 'public',
    summary: "One-click unsubscribe (RFC 8058 List-Unsubscribe-Post, and the page's button): stops that channel or item at once",
    query: unsubscribeQuerySchema,
    produces: 'html',
  }),

  alertOpen: operation({
    id: 'alertOpen',
    method: 'GET',
    path: '/alerts/open',
    owner: 'identity',
    access: 'public',
    summary:
      "A drop message's link to the member's lists (mail, Web Push): counts the click once for the operators' figures and redirects to /profile",
    query: alertOpenQuerySchema,
    produces: 'html',
  }),

  whatsappWebhookHandshake: operation({
    id: 'whatsappWebhookHandshake',
    method: 'GET',
    path: '/webhooks/whatsapp',
    owner: 'identity',
    access: 'signed',
    summary: "Meta's subscription handshake of the WhatsApp webhook: echoes hub.challenge when hub.verify_token is this product's",
    query: whatsappWebhookHandshakeSchema,
    produces: 'text',
  }),

  whatsappWebhook: operation({
    id: 'whatsappWebhook',
    method: 'POST',
    path: '/webhooks/whatsapp',
    owner: 'identity',
    access: 'signed',
    // The body is Meta's, read raw: the signature is checked over it before anything in it is read.
    summary: "Meta's WhatsApp webhook: records each message's sent, delivered, read or failed status once, for the operators' figures",
    headers: [
      {
        name: 'x-hub-signature-256',
        required: true,
        description: "sha256= and the hex HMAC-SHA256 of the raw body, keyed with the Meta app's secret",
        pattern: '^sha256=[0-9a-f]{64}$',
      },
    ],
    response: answer(z.object({ statuses: z.number().int(), recorded: z.number().int() })),
  }),

  adminDropAlertFigures: operation({
    id: 'adminDropAlertFigures',
    method: 'GET',
    path: '/admin/drops/:id/alert-figures',
    owner: 'identity',
    access: 'admin',
    summary:
      "A drop's alerts for operators, per channel: members alerted, delivered, opened and clicked where reported, unsubscribes; and the WhatsApp cost of the drop and its month",
    params: z.object({ id: z.string().min(1).max(64) }),
    response: answer(dropAlertFiguresSchema),
  }),

  getProfile: operation({
    id: 'getProfile',
    method: 'POST',
    path: '/user/get-profile',
    owner: 'identity',
    access: 'member',
    summary: "The member's profile, with their subscription status and onboarding progress",
    response: answer(z.array(profileSchema)),
  }),

  updateProfile: operation({
    id: 'updateProfile',
    method: 'POST',
    path: '/user/update-profile',
    owner: 'identity',
    access: 'member',
    summary: "Changes some of the member's profile fields (a new email address waits for its confirmation link)",
    body: updateProfileSchema,
    response: answer(z.array(profileSchema)),
  }),

  confirmEmail: operation({
    id: 'confirmEmail',
    method: 'GET',
    path: '/user/confirm-email',
    owner: 'identity',
    access: 'public',
    summary: "The page a new email address's confirmation link opens: confirms the address by the token",
    produces: 'html',
  }),

  confirmMobile: operation({
    id: 'confirmMobile',
    method: 'GET',
    path: '/user/confirm-mobile',
    owner: 'identity',
    access: 'public',
    summary: "The page a new mobile number's confirmation link (sent by text message) opens: confirms the number by the token",
    produces: 'html',
  }),

  sendWelcomeEmail: operation({
    id: 'sendWelcomeEmail',
    method: 'POST',
    path: '/user/send-welcome-email',
    owner: 'identity',
    access: 'member',
    summary: "Mails the welcome email to the member's own address",
    body: welcomeEmailRequestSchema,
    response: done,
  }),

  wall: operation({
    id: 'wall',
    method: 'GET',
    path: '/user/wall',
    owner: 'identity',
    access: 'public',
    summary: "A page of the founding members' wall: first names and last initials, by member number",
    query: wallQuerySchema,
    response: answer(z.array(z.object({ member_number: z.number().int(), name: z.string() })), {
      pagination: specPagination,
    }),
  }),

  giveawayResults: operation({
    id: 'giveawayResults',
    method: 'GET',
    path: '/user/giveaway/results',
    owner: 'identity',
    access: 'public',
    summary: "The giveaway's prizes and, after the draw, each prize's winner by their public name",
    response: answer(giveawayResultsSchema),
  }),

  memberGiveaway: operation({
    id: 'memberGiveaway',
    method: 'GET',
    path: '/user/giveaway',
    owner: 'identity',
    access: 'member',
    summary: "The member's giveaway entry, if any, and whether they may enter",
    response: answer(z.array(z.object({ passed: z.boolean(), entered_at: z.string() })), { giveaway: giveawayStatus }),
  }),

  enterGiveaway: operation({
    id: 'enterGiveaway',
    method: 'POST',
    path: '/user/giveaway',
    owner: 'identity',
    access: 'member',
    summary: 'Enters the member in the giveaway with their three answers (once)',
    body: giveawayEntrySchema,
    status: 201,
    response: answer(z.object({ passed: z.boolean() })),
  }),

  memberInvitations: operation({
    id: 'memberInvitations',
    method: 'GET',
    path: '/user/invitations',
    owner: 'identity',
    access: 'member',
    summary: "The member's invitations and what is left of this month's allowance",
    response: answer(z.array(invitation.extend({ redeemed: z.boolean() })), {
      allowance: z.object({ per_month: z.number().int(), used_this_month: z.number().int(), remaining: z.number().int() }),
    }),
  }),

  createMemberInvitation: operation({
    id: 'createMemberInvitation',
    method: 'POST',
    path: '/user/invitations',
    owner: 'identity',
    access: 'member',
    summary: "Makes one invitation from the member's monthly allowance",
    status: 201,
    response: answer(invitation),
  }),

  createAdminInvitations: operation({
    id: 'createAdminInvitations',
    method: 'POST',
    path: '/admin/invitations',
    owner: 'identity',
    access: 'admin',
    summary: 'Makes invitations for the back office (no allowance)',
    body: adminInvitationsRequestSchema,
    status: 201,
    response: answer(z.array(invitation)),
  }),

  adminGiveaway: operation({
    id: 'adminGiveaway',
    method: 'GET',
    path: '/admin/giveaway',
    owner: 'identity',
    access: 'admin',
    summary: 'The giveaway for operators: prizes, entry counts, whether it is open, the draw and its winners',
    response: answer(
      z.object({
        prizes: z.array(giveawayPrize),
        counts: entryCounts,
        open: z.boolean(),
        opensAtMembers: z.number().int(),
        members: z.number().int(),
        draw: z.object({ ...drawRecord, drawnBy: z.string() }).nullable(),
        winners: z.array(giveawayWinner),
      }),
    ),
  }),

  setGiveawayPrizes: operation({
    id: 'setGiveawayPrizes',
    method: 'PUT',
    path: '/admin/giveaway/prizes',
    owner: 'identity',
    access: 'admin',
    summary: "Sets the giveaway's twelve prizes at once",
    body: giveawayPrizesRequestSchema,
    response: answer(z.object({ prizes: z.array(giveawayPrize) })),
  }),

  giveawayEntries: operation({
    id: 'giveawayEntries',
    method: 'GET',
    path: '/admin/giveaway/entries',
    owner: 'identity',
    access: 'admin',
    summary: 'A page of giveaway entries with their members, all or only those who passed or failed',
    query: giveawayEntriesQuerySchema,
    response: answer(z.array(giveawayEntry), {
      counts: entryCounts,
      pagination: pagination,
    }),
  }),

  exportGiveawayEntries: operation({
    id: 'exportGiveawayEntries',
    method: 'GET',
    path: '/admin/giveaway/entries/export',
    owner: 'identity',
    access: 'admin',
    summary: 'Every giveaway entry (or those who passed or failed) as a CSV file',
    query: z.object({ result: giveawayResultFilterSchema }),
    produces: 'csv',
  }),

  drawGiveaway: operation({
    id: 'drawGiveaway',
    method: 'POST',
    path: '/admin/giveaway/draw',
    owner: 'identity',
    access: 'admin',
    summary: 'Draws the twelve winners once, and mails each of them',
    status: 201,
    response: answer(
      z.object({ ...drawRecord, winners: z.array(z.object({ slot: z.number().int(), memberId: z.string(), prize: z.string() })) }),
    ),
  }),

  contact: operation({
    id: 'contact',
    method: 'POST',
    path: '/user/contact',
    owner: 'identity',
    access: 'public',
    summary: 'Sends a message to the team from the contact form',
    body: contactRequestSchema,
    status: 201,
    response: done,
  }),

  devIdpPage: operation({
    id: 'devIdpPage',
    method: 'GET',
    path: '/dev/idp',
    owner: 'identity',
    access: 'public',
    summary: "The development sign-in provider's page: signs anyone in as any email",
    produces: 'html',
    developmentOnly: true,
  }),

  devIdpScript: operation({
    id: 'devIdpScript',
    method: 'GET',
    path: '/dev/idp/idp.js',
    owner: 'identity',
    access: 'public',
    summary: "The development sign-in provider's script",
    produces: 'javascript',
    developmentOnly: true,
  }),

  devIdpStyles: operation({
    id: 'devIdpStyles',
    method: 'GET',
    path: '/dev/idp/idp.css',
    owner: 'identity',
    access: 'public',
    summary: "The development sign-in provider's style sheet",
    produces: 'css',
    developmentOnly: true,
  }),

  devIdpKeys: operation({
    id: 'devIdpKeys',
    method: 'GET',
    path: '/dev/idp/jwks.json',
    owner: 'identity',
    access: 'public',
    summary: "The development sign-in provider's public keys (a JSON Web Key Set)",
    response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    developmentOnly: true,
  }),

  devIdpConfiguration: operation({
    id: 'devIdpConfiguration',
    method: 'GET',
    path: '/dev/idp/.well-known/openid-configuration',
    owner: 'identity',
    access: 'public',
    summary: "The development sign-in provider's OpenID configuration",
    response: z.object({ issuer: z.string(), jwks_uri: z.string(), id_token_signing_alg_values_supported: z.array(z.string()) }),
    developmentOnly: true,
  }),

  devIdToken: operation({
    id: 'devIdToken',
    method: 'POST',
    path: '/dev/idp/id-token',
    owner: 'identity',
    access: 'public',
    summary: 'An ID token from the development sign-in provider for any email and name',
    body: devIdTokenRequestSchema,
    response: z.object({ id_token: z.string() }),
    developmentOnly: true,
  }),

  devMailbox: operation({
    id: 'devMailbox',
    method: 'GET',
    path: '/dev/mailbox',
    owner: 'identity',
    access: 'public',
    summary: 'The latest mail the product would have sent, for testers (this machine or an admin only)',
    response: answer(
      z.array(
        z.object({
          id: z.string(),
          recipient: z.string(),
          subject: z.string(),
          body_text: z.string(),
          status: z.enum(['pending', 'sending', 'sent', 'logged', 'failed']),
          created_at: z.string(),
          sent_at: z.string().nullable(),
        }),
      ),
    ),
    developmentOnly: true,
  }),

  devTextMessages: operation({
    id: 'devTextMessages',
    method: 'GET',
    path: '/dev/sms',
    owner: 'identity',
    access: 'public',
    summary: "The latest text messages the product would have sent members' mobiles, for testers (this machine or an admin only)",
    response: answer(z.array(z.object({ id: z.string(), recipient: z.string(), body_text: z.string(), created_at: z.string() }))),
    developmentOnly: true,
  }),
};
