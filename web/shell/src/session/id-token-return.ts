const RETURNED_TOKEN = '#id_token=';

/** Whether the provider has just sent the tab back with a token (see takeReturnedIdToken). */
export const hasReturnedIdToken = (location: Pick<Location, 'hash'> = window.location) => location.hash.startsWith(RETURNED_TOKEN);

/**
 * When a popup could not open, the provider's page sends the whole tab back with `#id_token=...` (a fragment never
 * reaches a server). Takes the token out of the address at once, so a reload or a shared link never carries it.
 */
export function takeReturnedIdToken(location: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location): string | undefined {
  if (!hasReturnedIdToken(location)) return undefined;
  const token = new URLSearchParams(location.hash.slice(1)).get('id_token') ?? undefined;
  window.history.replaceState(window.history.state, '', location.pathname + location.search);
  return token || undefined;
}

/** An invitation link is `/?invite=CODE` (identity's invitationLink); the code rides along with sign-in. */
export function invitationCodeFrom(search: string = window.location.search): string | undefined {
  const code = new URLSearchParams(search).get('invite')?.trim();
  return code ? code : undefined;
}
