import { useNavigate } from '@elts/router';
import { Button, Modal } from '@elts/ui';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { continueWithStoredSession, startProviderSignIn, startSignIn } from './start-sign-in.js';

const SignInContext = createContext<() => void>(() => startProviderSignIn());

/** What every login and join button calls. */
export function useSignIn(): () => void {
  return useContext(SignInContext);
}

/** Holds the 'Use existing email?' modal the sign-in rule may open, for every page of the shell. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [storedEmail, setStoredEmail] = useState<string>();
  const navigate = useNavigate();
  const signIn = useCallback(() => startSignIn(setStoredEmail), []);
  const close = () => setStoredEmail(undefined);

  return (
    <SignInContext.Provider value={signIn}>
      {children}
      <Modal
        open={storedEmail !== undefined}
        onClose={close}
        title="Use existing email?"
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                close();
                startProviderSignIn();
              }}
            >
              Use Different Email
            </Button>
            <Button
              onClick={() => {
                close();
                void continueWithStoredSession(navigate);
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
    </SignInContext.Provider>
  );
}
