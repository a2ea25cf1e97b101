import { ApiError } from './api-request.js';

/** The file name the server gave in its Content-Disposition, if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="?([^";]+)"?/)?.[1];
}

/** Saves a fetched file in the browser's downloads, under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file the session may read (a tax invoice's PDF): the session goes as the Authorization header, which a
 * plain link cannot send. Saved under the server's file name, else `fallbackName`. A refusal throws ApiError with the
 * server's words, else `failure`.
 */
export async function downloadFile(
  path: string,
  options: { token: string | undefined; accept: string; fallbackName: string; failure: string },
): Promise<void> {
  const response = await fetch(path, {
    headers: { accept: options.accept, ...(options.token ? { authorization: options.token } : {}) },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const message = await response
      .json()
      .then((body: { message?: string }) => body.message)
      .catch(() => undefined);
    throw new ApiError(message ?? options.failure, response.status);
  }
  saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? options.fallbackName);
}
