import { useNavigate } from '@elts/router';
import { Button, Modal, Spinner, ToastProvider, useToast } from '@elts/ui';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { signInWithDevProvider } from './dev-idp-popup.js';
import { invitationCodeFrom, takeReturnedIdToken } from './id-token-return.js';
import { SIGN_IN_COPY } from './sign-in-copy.js';
import { loadSignInOptions } from './sign-in-options.js';
import { continueWithStoredSession, startSignIn } from './start-sign-in.js';

const SignInContext = createContext<() => void>(() => undefined);

/** What every login and join button calls. */
export function useSignIn(): () => void {
  return useContext(SignInContext);
}

/** The whole sign-in of the spec (section 4) for every page of the shell, with its toasts (section 8). */
export function SignInProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <SignInFlow>{children}</SignInFlow>
    </ToastProvider>
  );
}

/** A new member's data must not meet what the previous one left in the remotes' query cache. */
async function forgetCachedMemberData(): Promise<void> {
  const { queryClient } = await import('../remotes/query-client.js');
  queryClient.clear();
}

function SignInFlow({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [storedEmail, setStoredEmail] = useState<string>();
  const [googleClientId, setGoogleClientId] = useState<string>();
  const [busy, setBusy] = useState(false);
  // An invitation link lands on `/?invite=CODE`; the code is kept for the sign-in that follows, wherever it starts.
  const [invitationCode] = useState(() => invitationCodeFrom());

  const fail = useCallback((message: string) => toast({ message, tone: 'error' }), [toast]);

  const finish = useCallback(
    async (credential: string) => {
      setBusy(true);
      // Loaded on demand: the landing page ships only what a click needs to open the provider (issue 3's budget).
      const { completeSignIn } = await import('./complete-sign-in.js');
      const outcome = await completeSignIn(credential, { invitationCode });
      if (outcome.ok) await forgetCachedMemberData();
      setBusy(false);
      if (outcome.ok) navigate(outcome.path);
      else fail(outcome.message);
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
    <SignInContext.Provider value={signIn}>
      {children}
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
    </SignInContext.Provider>
  );
}
