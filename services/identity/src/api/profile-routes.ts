import { COPY, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, notFound, requireMember, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import { confirmContactChange } from '../commands/contact-change.js';
import type { IdentityContext } from '../commands/context.js';
import { updateProfile } from '../commands/update-profile.js';
import { welcomeEmail } from '../mail/templates.js';
import { toProfile } from '../store/members-projection.js';
import { contactChangePage } from './contact-change-page.js';

export function profileRoutes(deps: IdentityContext) {
  const currentProfile = async (memberId: string) => {
    const found = await deps.members.withSubscription(memberId, deps.clock.now());
    if (!found) throw notFound('Member not found');
    return toProfile(found.row, found.status, found.pending);
  };

  const app = new Hono<AppEnv>();
  mount(app, ops.getProfile, async (c) => {
    const member = requireMember(c);
    return c.json({ is_success: true, data: [await currentProfile(member.id)] });
  });
  mount(app, ops.updateProfile, async (c) => {
    const member = requireMember(c);
    const { emailChange, mobileChange } = unlessRefused(await updateProfile(deps.events, deps, member.id, c.req.valid('json')));
    const links = [
      ...(emailChange ? [COPY.emailChange.linkSent(emailChange)] : []),
      ...(mobileChange ? [COPY.mobileChange.linkSent(mobileChange)] : []),
    ];
    const message = ['Profile updated successfully!', ...links].join(' ');
    return c.json({ is_success: true, message, data: [await currentProfile(member.id)] });
  });
  // No session asked for: a link is opened from a mailbox or a phone, maybe on another device, and the token is the proof.
  for (const [op, channel] of [
    [ops.confirmEmail, 'email'],
    [ops.confirmMobile, 'mobile'],
  ] as const) {
    const words = channel === 'email' ? COPY.emailChange : COPY.mobileChange;
    mount(app, op, async (c) => {
      const address = await confirmContactChange(deps.events, channel, (c.req.query('token') ?? '').slice(0, 200), deps.clock.now());
      c.header('cache-control', 'no-store');
      return address
        ? c.html(contactChangePage({ confirmed: true, channel, message: words.confirmed(address) }), 200)
        : c.html(contactChangePage({ confirmed: false, channel, message: words.linkNotValid }), 400);
    });
  }
  mount(app, ops.sendWelcomeEmail, async (c) => {
    const member = requireMember(c);
    const profile = await currentProfile(member.id);
    // Always to the member's own address, whatever the body says: this endpoint must not mail strangers.
    const { subject, text } = welcomeEmail(profile.firstname || c.req.valid('json').name || '', deps.publicUrl);
    await deps.mail.enqueue({ to: profile.email, subject, text, dedupeKey: `welcome:${member.id}` });
    return c.json({ is_success: true, message: 'Welcome email sent' });
  });
  return app;
}
