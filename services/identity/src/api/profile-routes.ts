import { COPY, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, notFound, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { confirmEmailChange } from '../commands/email-change.js';
import { updateProfile } from '../commands/update-profile.js';
import { welcomeEmail } from '../mail/templates.js';
import { toProfile } from '../store/members-projection.js';
import { emailChangePage } from './email-change-page.js';

export function profileRoutes(deps: IdentityContext) {
  const currentProfile = async (memberId: string) => {
    const found = await deps.members.withSubscription(memberId);
    if (!found) throw notFound('Member not found');
    return toProfile(found.row, found.status, found.pendingEmail);
  };

  const app = new Hono<AppEnv>();
  mount(app, ops.getProfile, async (c) => {
    const member = requireMember(c);
    return c.json({ is_success: true, data: [await currentProfile(member.id)] });
  });
  mount(app, ops.updateProfile, async (c) => {
    const member = requireMember(c);
    const { emailChange } = await updateProfile(deps.events, deps, member.id, c.req.valid('json'));
    const message = emailChange
      ? `Profile updated successfully! ${COPY.emailChange.linkSent(emailChange)}`
      : 'Profile updated successfully!';
    return c.json({ is_success: true, message, data: [await currentProfile(member.id)] });
  });
  mount(app, ops.confirmEmail, async (c) => {
    // No session asked for: the link is opened from a mailbox, maybe on another device, and the token is the proof.
    const email = await confirmEmailChange(deps.events, (c.req.query('token') ?? '').slice(0, 200));
    c.header('cache-control', 'no-store');
    return email
      ? c.html(emailChangePage({ confirmed: true, message: COPY.emailChange.confirmed(email) }), 200)
      : c.html(emailChangePage({ confirmed: false, message: COPY.emailChange.linkNotValid }), 400);
  });
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
