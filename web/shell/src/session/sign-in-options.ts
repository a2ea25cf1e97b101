import { apiRequest } from '@elts/ui';

/** What the gateway says the sign-in buttons should open (`GET /user/sign-in-options`). */
export interface SignInOptions {
  provider: 'google' | 'development';
  googleClientId: string | null;
}

let pending: Promise<SignInOptions> | undefined;

/** Asked once per page load; a failed answer is forgotten so the next click asks again. */
export function loadSignInOptions(): Promise<SignInOptions> {
  pending ??= apiRequest<SignInOptions>('/user/sign-in-options').then(
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
