import type { ReactNode } from 'react';
import { ToastProvider } from './Toast.js';

/**
 * The outermost element of a remote's screens. A remote's style sheet is scoped to `[data-remote="<name>"]`, so its
 * utilities win inside its own subtree and never leak into the shell's (see docs/decisions/0102).
 */
export function RemoteRoot({ name, children }: { name: 'shop' | 'admin'; children: ReactNode }) {
  return (
    <div data-remote={name} className="contents">
      <ToastProvider>{children}</ToastProvider>
    </div>
  );
}
