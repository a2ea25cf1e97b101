import { remoteDrawing } from '@elts/contracts';
import { useLocation } from '@elts/router';
import { SIGN_IN_REQUEST_EVENT, ToastProvider, useToast } from '@elts/ui';
import { type ComponentType, createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../app/after-paint.js';
import { hasReturnedIdToken, invitationCodeFrom } from './id-token-return.js';
import type { SignInFlowProps } from './SignInFlow.js';
import { SIGN_IN_COPY } from './sign-in-copy.js';

const SignInContext = createContext<() => void>(() => undefined);

/** What every login and join button calls. */
export function useSignIn(): () => void {
  return useContext(SignInContext);
}

/**
 * Runs `work` once the page has painted and the browser is idle; returns a cancel. An idle callback alone can come
 * before the first paint on a busy machine.
 */
function afterPaintWhenIdle(work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelPaint = afterNextPaint(() => {
    const idle = window.requestIdleCallback?.(work, { timeout: 3000 }) ?? setTimeout(work, 0);
    cancelIdle = () => (window.cancelIdleCallback ?? clearTimeout)(idle);
  });
  return () => (cancelIdle ?? cancelPaint)();
}

/**
 * The whole sign-in of the spec (section 4) for every page of the shell, with its toasts (section 8). The flow itself
 * (its modals, the provider's popup, the login calls) is not needed to paint a page, so it is fetched once the
 * browser is idle after the first paint of a page of the shell's own (issue 8's landing budget), or at once when a
 * button is pressed before that, or when the provider has just sent the tab back with a token.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider location={useLocation()}>
      <LazySignInFlow>{children}</LazySignInFlow>
    </ToastProvider>
  );
}

let flowModule: Promise<ComponentType<SignInFlowProps>> | undefined;

/** The flow's code, fetched once; a failed fetch is forgotten so the next press tries again. */
function loadFlow(): Promise<ComponentType<SignInFlowProps>> {
  flowModule ??= import('./SignInFlow.js').then(
    (module) => module.SignInFlow,
    (error: unknown) => {
      flowModule = undefined;
      throw error;
    },
  );
  return flowModule;
}

function LazySignInFlow({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [Flow, setFlow] = useState<ComponentType<SignInFlowProps>>();
  // An invitation link lands on `/?invite=CODE`; read at once, so the code survives a navigation before the flow loads.
  // The build renders the public pages with no address to read (docs/decisions/0107).
  const [invitationCode] = useState(() => (typeof window === 'undefined' ? undefined : invitationCodeFrom()));
  const start = useRef<(() => void) | undefined>(undefined);
  // A press that came before the flow had loaded: it starts the sign-in as soon as the flow registers.
  const pressedEarly = useRef(false);

  const load = useCallback(() => {
    loadFlow().then(
      (SignInFlow) => setFlow(() => SignInFlow),
      (error: unknown) => {
        console.error('The sign-in did not load', error);
        if (!pressedEarly.current) return;
        pressedEarly.current = false;
        toast({ message: SIGN_IN_COPY.loginFailed, tone: 'error' });
      },
    );
  }, [toast]);

  // A member's or an operator's screen has no login button, and its own scripts need a slow phone's first seconds
  // (issue 8, /profile): the flow is fetched once a page with a button is shown, or when a button is pressed.
  const onRemotePage = remoteDrawing(useLocation().pathname) !== undefined;
  useEffect(() => {
    if (hasReturnedIdToken()) {
      load();
      return;
    }
    if (onRemotePage) return;
    return afterPaintWhenIdle(load);
  }, [load, onRemotePage]);

  const signIn = useCallback(() => {
    if (start.current) return start.current();
    pressedEarly.current = true;
    load();
  }, [load]);

  // A remote screen's login button (the order page's) cannot reach this context: it asks through a window event.
  useEffect(() => {
    window.addEventListener(SIGN_IN_REQUEST_EVENT, signIn);
    return () => window.removeEventListener(SIGN_IN_REQUEST_EVENT, signIn);
  }, [signIn]);

  const register = useCallback((startSignIn: () => void) => {
    start.current = startSignIn;
    if (!pressedEarly.current) return;
    pressedEarly.current = false;
    startSignIn();
  }, []);

  return (
    <SignInContext.Provider value={signIn}>
      {children}
      {Flow && <Flow invitationCode={invitationCode} register={register} />}
    </SignInContext.Provider>
  );
}
