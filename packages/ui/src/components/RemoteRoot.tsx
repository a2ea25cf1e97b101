import type { ReactNode } from 'react';
import { type ToastLocation, ToastProvider } from './Toast.js';

/**
 * The outermost element of a remote's screens. A remote's style sheet is scoped to `[data-remote="<name>"]`, so its
 * utilities win inside its own subtree and never leak into the shell's (see docs/decisions/0102). `location` is the
 * router's: its toasts go when the page changes (docs/decisions/0109).
 */
export function RemoteRoot({ name, location, children }: { name: 'shop' | 'admin'; location: ToastLocation; children: ReactNode }) {
  return (
    <div data-remote={name} className="contents">
      <ToastProvider location={location}>{children}</ToastProvider>
    </div>
  );
}
