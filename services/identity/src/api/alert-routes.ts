import { randomUUID } from 'node:crypto';
import { type AlertChannel, escapeHtml, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import { unsubscribe } from '../alerts/alert-rules.js';
import { ALERT_LANDING } from '../alerts/drop-alert-mail.js';
import { recordWhatsAppConsent } from '../alerts/whatsapp-consent.js';
import type { IdentityContext } from '../commands/context.js';
import { PUSH_ENDPOINT_REFUSED, pushEndpointAllowed } from '../notify/push-endpoints.js';
import { whatsappNumber } from '../notify/whatsapp.js';
import { recordAlertClick, recordUnsubscribe } from '../store/alert-figures.js';
import { inboxOf, markInboxRead } from '../store/alert-inbox.js';
import { alertPreferencesOf, saveAlertPreferences, unsubscribeKeyMatches } from '../store/alert-preferences.js';
import { removePushSubscription, savePushSubscription } from '../store/web-push.js';
import { personPage } from './contact-change-page.js';

const CHANNEL_NAMES: Record<AlertChannel, string> = {
  email: 'email',
  inbox: 'in-app inbox',
  push: 'push notification',
  whatsapp: 'WhatsApp',
};

/** What an unsubscribe link stops, in the member's words. */
function stoppedWhat(what: { channel?: AlertChannel; item?: string }): string {
  if (what.item) return `alerts about '${what.item}'`;
  return `drop alerts by ${CHANNEL_NAMES[what.channel ?? 'email']}`;
}

/** The member's drop alert choices, their inbox, and the one-tap unsubscribe their messages link to. */
export function alertRoutes(deps: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.getAlertPreferences, async (c) => {
    const member = requireMember(c);
    const { preferences } = await alertPreferencesOf(deps.db, member.id, deps.clock.now());
    return c.json({ is_success: true, data: preferences });
  });
  mount(app, ops.updateAlertPreferences, async (c) => {
    const member = requireMember(c);
    const preferences = c.req.valid('json');
    const now = deps.clock.now();
    const before = (await alertPreferencesOf(deps.db, member.id, now)).preferences;
    await recordWhatsAppConsent(deps, member.id, { before: before.channels.whatsapp, after: preferences.channels.whatsapp, at: now });
    await saveAlertPreferences(deps.db, member.id, preferences, now);
    return c.json({ is_success: true, message: 'Alert settings saved', data: preferences });
  });
  mount(app, ops.alertInbox, async (c) => {
    const member = requireMember(c);
    const messages = await inboxOf(deps.db, member.id);
    // Shown to the member: opened, for the operators' figures (this answer still says which were new).
    await markInboxRead(deps.db, member.id, deps.clock.now());
    return c.json({ is_success: true, data: messages });
  });
  mount(app, ops.alertChannels, async (c) => {
    const member = requireMember(c);
    const mobile = (await deps.members.byId(member.id))?.mobile;
    return c.json({
      is_success: true,
      data: {
        push: Boolean(deps.vapidPublicKey),
        whatsapp: Boolean(deps.whatsapp),
        whatsappNumber: Boolean(mobile && whatsappNumber(mobile)),
      },
    });
  });
  // Web Push (decision 0160): the key a browser subscribes with, and each device's subscription.
  mount(app, ops.webPushKey, async (c) => {
    requireMember(c);
    if (!deps.vapidPublicKey) throw notFound('Push notifications are not available');
    return c.json({ is_success: true, data: { publicKey: deps.vapidPublicKey } });
  });
  mount(app, ops.saveWebPushSubscription, async (c) => {
    const member = requireMember(c);
    if (!deps.vapidPublicKey) throw notFound('Push notifications are not available');
    const { endpoint, keys } = c.req.valid('json');
    // Identity will POST to this address: only a browser's push service is taken (docs/decisions/0164).
    if (!pushEndpointAllowed(endpoint, deps.settings.WEB_PUSH_TEST_ORIGINS)) throw badRequest(PUSH_ENDPOINT_REFUSED);
    await savePushSubscription(deps.db, {
      id: randomUUID(),
      memberId: member.id,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      at: deps.clock.now(),
    });
    return c.json({ is_success: true, message: 'Push notifications are on for this device' });
  });
  mount(app, ops.removeWebPushSubscription, async (c) => {
    const member = requireMember(c);
    await removePushSubscription(deps.db, member.id, c.req.valid('json').endpoint);
    return c.json({ is_success: true, message: 'Push notifications are off for this device' });
  });

  const refused = personPage(
    'Link not valid',
    '<p style="line-height:1.5">This unsubscribe link is not valid. Change your alerts on your profile.</p><p><a href="/profile">Go to your profile</a></p>',
  );
  // A mail scanner follows links: opening the link only offers the button; the button (or the mail client's
  // RFC 8058 one-click POST) stops the messages.
  mount(app, ops.unsubscribePage, async (c) => {
    const query = c.req.valid('query');
    c.header('cache-control', 'no-store');
    if (!(await unsubscribeKeyMatches(deps.db, query.m, query.k))) return c.html(refused, 400);
    const what = stoppedWhat(query);
    return c.html(
      personPage(
        'Unsubscribe',
        `<p style="line-height:1.5">Stop ${escapeHtml(what)}?</p>
<form method="post"><button type="submit" style="font:inherit;padding:.6rem 1.2rem;border-radius:.5rem">Unsubscribe</button></form>`,
      ),
      200,
    );
  });
  // A drop message's link to the member's lists: counted once, then the lists (a wrong key still lands there).
  mount(app, ops.alertOpen, async (c) => {
    const query = c.req.valid('query');
    c.header('cache-control', 'no-store');
    if (await unsubscribeKeyMatches(deps.db, query.m, query.k))
      await recordAlertClick(deps.db, { memberId: query.m, dropId: query.d, moment: query.moment, channel: query.c, at: deps.clock.now() });
    return c.redirect(ALERT_LANDING, 303);
  });
  mount(app, ops.unsubscribeOneClick, async (c) => {
    const query = c.req.valid('query');
    c.header('cache-control', 'no-store');
    if (!(await unsubscribeKeyMatches(deps.db, query.m, query.k))) return c.html(refused, 400);
    const now = deps.clock.now();
    const { preferences } = await alertPreferencesOf(deps.db, query.m, now);
    const what = query.item ? { item: query.item } : { channel: query.channel ?? 'email' };
    const after = unsubscribe(preferences, what);
    await recordWhatsAppConsent(deps, query.m, { before: preferences.channels.whatsapp, after: after.channels.whatsapp, at: now });
    await saveAlertPreferences(deps.db, query.m, after, now);
    // For the operators' figures (docs/decisions/0164): the channel the link came by (an item's link is in a mail).
    await recordUnsubscribe(deps.db, { memberId: query.m, dropId: query.d, channel: query.channel ?? 'email', item: query.item, at: now });
    deps.logger.info({ memberId: query.m, channel: query.channel, item: Boolean(query.item) }, 'alert unsubscribe');
    return c.html(
      personPage(
        'Unsubscribed',
        `<p style="line-height:1.5">Done: no more ${escapeHtml(stoppedWhat(what))}. You can change this on your profile.</p><p><a href="/profile">Go to your profile</a></p>`,
      ),
      200,
    );
  });
  return app;
}
