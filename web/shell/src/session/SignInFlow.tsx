import { useNavigate } from '@elts/router';
import { Button, Modal, Spinner, signInReturnsTo, useToast } from '@elts/ui';
import { useCallback, useEffect, useState } from 'react';
import { signInWithDevProvider } from './dev-idp-popup.js';
import { takeReturnedIdToken } from './id-token-return.js';
import { SIGN_IN_COPY } from './sign-in-copy.js';
import { loadSignInOptions } from './sign-in-options.js';
import { continueWithStoredSession, startSignIn } from './start-sign-in.js';

/** A new member's data must not meet what the previous one left in the remotes' query cache. */
async function forgetCachedMemberData(): Promise<void> {
  const { queryClient } = await import('../remotes/query-client.js');
  queryClient.clear();
}

export interface SignInFlowProps {
  /** From an invitation link (`/?invite=CODE`), kept for the sign-in that follows wherever it starts. */
  invitationCode: string | undefined;
  /** Hands the provider (SignIn.tsx) what its buttons call. */
  register: (signIn: () => void) => void;
}

/** The sign-in itself (spec section 4): loaded on demand by SignInProvider, which gives the buttons its entry point. */
export function SignInFlow({ invitationCode, register }: SignInFlowProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const [storedEmail, setStoredEmail] = useState<string>();
  const [googleClientId, setGoogleClientId] = useState<string>();
  const [busy, setBusy] = useState(false);

  const fail = useCallback((message: string) => toast({ message, tone: 'error' }), [toast]);

  const finish = useCallback(
    async (credential: string) => {
      setBusy(true);
      // Loaded on demand: what runs after the provider answered is not needed to open it.
      const { completeSignIn } = await import('./complete-sign-in.js');
      const outcome = await completeSignIn(credential, { invitationCode });
      if (outcome.ok) await forgetCachedMemberData();
      setBusy(false);
      if (!outcome.ok) fail(outcome.message);
      // Signed in to see this very page (an order from its link): back to its address, not where onboarding would go.
      else if (signInReturnsTo(window.location.pathname)) navigate(window.location.pathname + window.location.search, { replace: true });
      else navigate(outcome.path);
    },
    [invitationCode, navigate, fail],
  );

  const signInWithProvider = useCallback(async () => {
    try {
      const options = await loadSignInOptions();
      if (options.provider === 'google' && options.googleClientId) {
        setGoogleClientId(options.googleClientId);
        return;
      }
      const idToken = await signInWithDevProvider(window.location.pathname + window.location.search);
      if (idToken) await finish(idToken);
    } catch (error) {
      console.error('Sign-in did not complete', error);
      fail(SIGN_IN_COPY.loginFailed);
    }
  }, [finish, fail]);

  useEffect(() => {
    // Asked ahead, so a click can open the provider's popup while the browser still counts it as the click's.
    loadSignInOptions().catch(() => undefined);
    const returned = takeReturnedIdToken();
    if (returned) void finish(returned);
  }, [finish]);

  const signIn = useCallback(
    () => startSignIn({ askToReuseEmail: setStoredEmail, signInWithProvider: () => void signInWithProvider() }),
    [signInWithProvider],
  );
  useEffect(() => register(signIn), [register, signIn]);

  const googleButtonSlot = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot || !googleClientId) return;
      import('./google-identity.js')
        .then(({ renderGoogleButton }) =>
          renderGoogleButton(slot, googleClientId, (credential) => {
            setGoogleClientId(undefined);
            if (credential) void finish(credential);
            else fail(SIGN_IN_COPY.loginFailed);
          }),
        )
        .catch((error: unknown) => {
          console.error('Google sign-in did not load', error);
          setGoogleClientId(undefined);
          fail(SIGN_IN_COPY.loginFailed);
        });
    },
    [googleClientId, finish, fail],
  );

  const closeReuse = () => setStoredEmail(undefined);

  return (
    <>
      {busy && (
        <div className="fixed inset-x-0 top-4 z-50 flex justify-center">
          <span className="rounded-full bg-white p-3 text-brand-700 shadow-lift">
            <Spinner label="Logging in" />
          </span>
        </div>
      )}
      <Modal
        open={storedEmail !== undefined}
        onClose={closeReuse}
        title="Use existing email?"
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                closeReuse();
                void signInWithProvider();
              }}
            >
              Use Different Email
            </Button>
            <Button
              onClick={() => {
                closeReuse();
                void continueWithStoredSession(navigate, () => void signInWithProvider());
              }}
            >
              Use Same Email
            </Button>
          </>
        }
      >
        <p>
          Do you want to use the email <strong className="font-semibold break-all text-ink-900">{storedEmail}</strong> to log in?
        </p>
      </Modal>
      <Modal open={googleClientId !== undefined} onClose={() => setGoogleClientId(undefined)} title="Log in" size="sm">
        <p>Continue with your Google account.</p>
        <div ref={googleButtonSlot} className="mt-5 flex min-h-11 justify-center" />
      </Modal>
    </>
  );
}
