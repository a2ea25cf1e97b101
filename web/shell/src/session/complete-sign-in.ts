import { API, type RequestOf, type ResponseOf } from '@elts/contracts';
import { callOperation, SESSION_KEYS } from '@elts/ui';
import { userFromIdToken } from './id-token-user.js';
import { type LandingPath, routeAfterLogin } from './route-after-login.js';
import { SIGN_IN_COPY } from './sign-in-copy.js';

export type SignInOutcome = { ok: true; path: LandingPath } | { ok: false; message: string };

const login = API.memberLogin;

/** The sign-in's answer: the contract's on success, the refusal's envelope (or nothing readable) otherwise. */
type LoginReply = ResponseOf<typeof login> | { is_success?: false; token?: undefined; message?: string; data?: undefined };

// Read by hand rather than through callOperation: a refusal's own message is what the member is shown.
async function postLogin(body: RequestOf<typeof login>['body']): Promise<LoginReply> {
  const response = await fetch(login.path, {
    method: login.method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  try {
    return (await response.json()) as LoginReply;
  } catch {
    return { is_success: false };
  }
}

/** Where a session's member lands, by their profile's onboarding progress; throws when the profile cannot be read. */
export async function landingFor(token: string): Promise<LandingPath> {
  const envelope = await callOperation(API.getProfile, {}, { token });
  return routeAfterLogin(envelope.data[0]);
}

/**
 * The spec's sign-in after the provider answered (section 4): the user info, `POST /user/login`, the profile, the
 * session stored (token, email, name), and where to go. Failures carry the spec's messages (section 8): the server's
 * own message when it gave one, 'Login failed. Please try again.' otherwise.
 */
export async function completeSignIn(
  credential: string,
  options: { invitationCode?: string | undefined; storage?: Pick<Storage, 'setItem'> } = {},
): Promise<SignInOutcome> {
  let user: ReturnType<typeof userFromIdToken>;
  try {
    user = userFromIdToken(credential);
  } catch {
    return { ok: false, message: SIGN_IN_COPY.userInfoFailed };
  }
  let answer: LoginReply;
  try {
    answer = await postLogin({ credential, user, ...(options.invitationCode ? { invitation_code: options.invitationCode } : {}) });
  } catch {
    return { ok: false, message: SIGN_IN_COPY.loginFailed };
  }
  if (answer.is_success !== true || !answer.token) return { ok: false, message: answer.message || SIGN_IN_COPY.loginFailed };

  // A profile that cannot be read right after sign-in is only logged (spec section 8): onboarding starts at step 01.
  const path = await landingFor(answer.token).catch((error: unknown) => {
    console.error('The profile could not be fetched after sign-in', error);
    return routeAfterLogin(undefined);
  });
  const storage = options.storage ?? sessionStorage;
  storage.setItem(SESSION_KEYS.token, answer.token);
  storage.setItem(SESSION_KEYS.email, answer.data?.email ?? user.email);
  storage.setItem(SESSION_KEYS.name, user.name);
  return { ok: true, path };
}
