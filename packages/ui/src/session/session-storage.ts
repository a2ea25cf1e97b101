/** The browser session keys of the spec (section 3): the member's token, email and name, and the admin's token. */
export const SESSION_KEYS = {
  token: 'token',
  email: 'email',
  name: 'name',
  adminToken: 'adminToken',
  currentOrderId: 'current_order_id',
  orderType: 'order_type',
} as const;

export interface MemberSession {
  token?: string;
  email?: string;
  name?: string;
}

function read(storage: Pick<Storage, 'getItem'>, key: string): string | undefined {
  const value = storage.getItem(key);
  return value ? value : undefined;
}

export function readMemberSession(storage: Pick<Storage, 'getItem'> = sessionStorage): MemberSession {
  return { token: read(storage, SESSION_KEYS.token), email: read(storage, SESSION_KEYS.email), name: read(storage, SESSION_KEYS.name) };
}

export function readAdminToken(storage: Pick<Storage, 'getItem'> = sessionStorage): string | undefined {
  return read(storage, SESSION_KEYS.adminToken);
}

/**
 * What a member's logout forgets in the tab: the member's own keys and the order being paid, so the next person to
 * sign in here is never shown it. The admin token belongs to the back office's own session and its own Logout.
 */
export const MEMBER_SESSION_KEYS = [
  SESSION_KEYS.token,
  SESSION_KEYS.email,
  SESSION_KEYS.name,
  SESSION_KEYS.currentOrderId,
  SESSION_KEYS.orderType,
] as const;

export function forgetMemberSession(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  for (const key of MEMBER_SESSION_KEYS) storage.removeItem(key);
}

/**
 * A remote screen asks the shell to sign the visitor in (the sign-in lives in the shell and the remotes do not share
 * its React context). The shell listens for this window event.
 */
export const SIGN_IN_REQUEST_EVENT = 'elts:sign-in';

export function requestSignIn(target: Pick<Window, 'dispatchEvent'> = window): void {
  target.dispatchEvent(new Event(SIGN_IN_REQUEST_EVENT));
}

/**
 * Pages a visitor signs in from to see that very page (an order opened from its link): sign-in comes back to the
 * address instead of going where the profile would send a member.
 */
const PAGES_SIGN_IN_RETURNS_TO: readonly string[] = ['/order'];

export const signInReturnsTo = (pathname: string): boolean => PAGES_SIGN_IN_RETURNS_TO.includes(pathname);
