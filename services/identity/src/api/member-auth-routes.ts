import { identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, requireMember, unauthorized } from '@elts/platform';
import { Hono } from 'hono';
import { SignInRejected, verifyIdToken } from '../auth/id-token.js';
import type { IdentityContext } from '../commands/context.js';
import { signIn } from '../commands/sign-in.js';
import { clearSessionCookie, setSessionCookie } from './session-cookies.js';

export function memberAuthRoutes(context: IdentityContext) {
  const { settings } = context;
  const deps = {
    ...context,
    registrationCap: settings.REGISTRATION_CAP,
    // What the sign-in buttons should open: Google's library with this client id, or the development provider.
    signInOptions: settings.GOOGLE_CLIENT_ID
      ? { provider: 'google' as const, googleClientId: settings.GOOGLE_CLIENT_ID }
      : { provider: 'development' as const, googleClientId: null },
    sessionLifetimeMs: settings.MEMBER_SESSION_DAYS * 24 * 60 * 60_000,
  };
  const app = new Hono<AppEnv>();
  mount(app, ops.signInOptions, (c) => c.json({ is_success: true, data: deps.signInOptions }));
  mount(app, ops.memberLogin, async (c) => {
    const { credential, invitation_code } = c.req.valid('json');
    let identity: Awaited<ReturnType<typeof verifyIdToken>>;
    try {
      identity = await verifyIdToken(credential, deps.trustedIssuers);
    } catch (error) {
      if (!(error instanceof SignInRejected)) throw error;
      deps.logger.info({ reason: error.reason }, 'sign-in rejected');
      throw unauthorized(
        error.reason === 'email not verified'
          ? 'Please verify your email address with your sign-in provider first.'
          : 'Sign-in could not be verified. Please try again.',
      );
    }
    const { member, isNew } = await signIn(deps, identity, invitation_code);
    const session = await deps.sessions.start('member', member.id, deps.sessionLifetimeMs);
    setSessionCookie(c, 'member', session.token, session.expiresAt, deps.secureCookies);
    return c.json({
      is_success: true,
      token: session.token,
      message: isNew ? 'Welcome! Your membership has been created.' : 'Login successful',
      // The address the 'Use existing email?' prompt offers to log in with: the one the provider vouched for.
      data: { member_number: member.member_number, is_new_member: isNew, email: member.sign_in_email },
    });
  });
  mount(app, ops.memberLogout, async (c) => {
    const member = requireMember(c);
    await deps.sessions.revoke(member.sessionId);
    clearSessionCookie(c, 'member', deps.secureCookies);
    return c.json({ is_success: true, message: 'Logged out' });
  });
  mount(app, ops.memberLogoutEverywhere, async (c) => {
    const member = requireMember(c);
    await deps.sessions.revokeAll('member', member.id);
    clearSessionCookie(c, 'member', deps.secureCookies);
    return c.json({ is_success: true, message: 'Logged out on every device' });
  });
  return app;
}
