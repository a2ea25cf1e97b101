import { useToast } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from './admin-request.js';

/**
 * An admin write with its toast: the server's message on success (else `done`), the failure's words on error, and
 * every admin list reloaded after it. `busy` names the action in flight so its button can spin.
 */
export function useAdminAction() {
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const run = async (
    key: string,
    call: () => Promise<{ message?: string }>,
    failure: string | ((error: unknown) => string),
    done = 'Saved',
  ): Promise<boolean> => {
    setBusy(key);
    try {
      const answer = await call();
      toast({ tone: 'success', message: answer.message ?? done });
      await client.invalidateQueries({ queryKey: ['admin'] });
      return true;
    } catch (error) {
      toast({ tone: 'error', message: typeof failure === 'string' ? failureText(error, failure) : failure(error) });
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}
