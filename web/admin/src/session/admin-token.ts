import { SESSION_KEYS } from '@elts/ui';

/** The admin's token lives in session storage under its own key, apart from any member session in the same tab. */
export function storeAdminToken(token: string): void {
  sessionStorage.setItem(SESSION_KEYS.adminToken, token);
}

export function clearAdminToken(): void {
  sessionStorage.removeItem(SESSION_KEYS.adminToken);
}
