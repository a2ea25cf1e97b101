/** Cookie names of the two session realms: a browser may hold a member session and an admin session at once. */
export const SESSION_COOKIES = { member: 'elts_session', admin: 'elts_admin' } as const;
