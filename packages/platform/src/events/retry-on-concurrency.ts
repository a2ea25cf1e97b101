import { ConcurrencyError } from './types.js';

/**
 * Runs a read-decide-append command again when another writer appended to the stream first, so the decision is
 * made on the newer history. After the last attempt it throws what `exhausted` makes (the 409 the
 * caller's users should read), or the ConcurrencyError itself.
 */
export async function retryOnConcurrency<T>(
  command: () => Promise<T>,
  options: { attempts?: number; exhausted?: () => Error } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await command();
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt < attempts) continue;
      throw options.exhausted?.() ?? error;
    }
  }
}
