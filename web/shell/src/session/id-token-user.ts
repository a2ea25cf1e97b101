/** The spec's login user payload (section 3): what the identity provider says about the person. */
export interface LoginUser {
  name: string;
  email: string;
  id: string;
  profile_image: string;
}

function decodeSegment(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The spec's "user info" step. An ID token already carries the person's claims, so they are read from it instead of
 * asking the provider's user-info endpoint (docs/decisions/0110). The server ignores this payload and trusts only the
 * verified token; it is sent because the contract has it. Throws when the token carries no readable email.
 */
export function userFromIdToken(idToken: string): LoginUser {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('Not an ID token');
  const claims = decodeSegment(payload) as Record<string, unknown>;
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  if (!text('email')) throw new Error('The ID token carries no email');
  return { name: text('name'), email: text('email'), id: text('sub'), profile_image: text('picture') };
}
