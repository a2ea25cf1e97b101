import { ApiError, readAdminToken } from '@elts/ui';
import { AUTH_REQUIRED, signOutToLogin } from '../../api/admin-request.js';

/** The file name the server gave (`users_{yyyy-mm-dd}.csv`), else the same pattern for today in India. */
export function csvFileName(disposition: string | null, today = new Date()): string {
  const named = disposition?.match(/filename="?([^";]+)"?/)?.[1];
  if (named) return named;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(today);
  return `users_${day}.csv`;
}

/**
 * Downloads the users CSV for the current filters. The server streams it (docs/decisions/0142); the browser saves
 * the whole answer as a file under the server's name.
 */
export async function downloadUsersCsv(query: string): Promise<void> {
  const token = readAdminToken();
  if (!token) throw new ApiError(AUTH_REQUIRED, 401);
  const response = await fetch(`/admin/users/export${query}`, { headers: { authorization: token, accept: 'text/csv' } });
  if (response.status === 401) signOutToLogin();
  if (!response.ok) throw new ApiError('Failed to download users', response.status);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
