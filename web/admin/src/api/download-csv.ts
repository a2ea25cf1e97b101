import { todayInIndia } from '@elts/contracts';
import { ApiError, fileNameOf, readAdminToken, saveFile } from '@elts/ui';
import { AUTH_REQUIRED, signOutToLogin } from './admin-request.js';

/** The file name the server gave (`{prefix}_{yyyy-mm-dd}.csv`), else the same pattern for today in India. */
export function csvFileName(disposition: string | null, prefix: string, today = new Date()): string {
  return fileNameOf(disposition) ?? `${prefix}_${todayInIndia(today)}.csv`;
}

/**
 * Downloads an admin file (a CSV export, the GST return's JSON) under the server's name, else `fallbackName`.
 * `failure` is what the screen says if the server refuses.
 */
export async function downloadFile(path: string, accept: string, fallbackName: string, failure: string): Promise<void> {
  const token = readAdminToken();
  if (!token) throw new ApiError(AUTH_REQUIRED, 401);
  const response = await fetch(path, { headers: { authorization: token, accept } });
  if (response.status === 401) signOutToLogin();
  if (!response.ok) throw new ApiError(failure, response.status);
  saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}

/**
 * Downloads an admin CSV export. The server streams it (docs/decisions/0142); the browser saves the whole answer as
 * a file under the server's name. `failure` is what the screen says if the server refuses.
 */
export function downloadCsv(path: string, prefix: string, failure: string): Promise<void> {
  return downloadFile(path, 'text/csv', csvFileName(null, prefix), failure);
}
