import { API, type DataOf, type OperationTable } from '@elts/contracts';
import { callOperation } from '@elts/ui';

let pending: Promise<DataOf<OperationTable['signInOptions']>> | undefined;

/**
 * What the gateway says the sign-in buttons should open (`GET /user/sign-in-options`). Asked once per page load; a
 * failed answer is forgotten so the next click asks again.
 */
export function loadSignInOptions(): Promise<DataOf<OperationTable['signInOptions']>> {
  pending ??= callOperation(API.signInOptions, {}).then(
    (envelope) => {
      if (!envelope.data) throw new Error('No sign-in options');
      return envelope.data;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
