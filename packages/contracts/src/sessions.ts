/** Cookie names of the two session realms: a browser may hold a member session and an admin session at once. */
export const SESSION_COOKIES = { member: 'elts_session', admin: 'elts_admin' } as const;

/** The longest session token identity hands out is shorter: a longer one is no one's, whoever is asked. */
export const SESSION_TOKEN_MAX_LENGTH = 100;

/**
 * Whether a credential could be a session token: base64url characters only, at most `SESSION_TOKEN_MAX_LENGTH`.
 * Anything else (a cookie decoded to control characters, quotes or other text) is no one's, whoever is asked.
 */
export const mayBeSessionToken = (token: string): boolean => token.length <= SESSION_TOKEN_MAX_LENGTH && /^[A-Za-z0-9_-]+$/.test(token);

/** The most requests' tokens one call to `POST /internal/sessions/resolve` carries. */
export const SESSION_LOOKUPS_PER_CALL = 200;
