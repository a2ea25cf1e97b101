import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../cx.js';
import { CloseIcon } from '../icons/icons.js';

/** Toasts hide themselves after 6 seconds (spec section 9). */
export const TOAST_DURATION_MS = 6000;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
}

interface ShownToast extends Required<ToastInput> {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

const TONES: Record<ToastTone, string> = {
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-800 text-white',
  info: 'bg-ink-900 text-white',
};

/** Shows toasts at the bottom of the screen for everything inside it; `useToast()` raises one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((shown) => [...shown, { id, message: toast.message, tone: toast.tone ?? 'info' }]);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region is always present so a screen reader announces each toast as it is added. */}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4"
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'pointer-events-auto flex w-full max-w-md animate-toast-in items-center gap-3 rounded-2xl py-3 pr-2 pl-5 shadow-lift',
        TONES[toast.tone],
      )}
    >
      <p className="flex-1 text-sm font-medium">{toast.message}</p>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
        className="grid size-9 shrink-0 cursor-pointer place-items-center rounded-full text-lg hover:bg-white/15"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  return useMemo(() => {
    if (!show) throw new Error('useToast must be used inside a ToastProvider');
    return show;
  }, [show]);
}
