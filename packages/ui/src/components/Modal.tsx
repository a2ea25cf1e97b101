import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '../cx.js';
import { CloseIcon } from '../icons/icons.js';

export interface ModalProps {
  open: boolean;
  /** Called for the close icon, Esc and a click on the dimmed backdrop. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The modal's buttons, laid out at its foot. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

/**
 * A modal dialog on the native <dialog> element: shown in the top layer with the page behind it inert, so it works
 * inside a remote's styled subtree with no portal. Tab and Shift+Tab cycle within it; focus returns to whatever
 * opened it when it closes.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md', closeLabel = 'Close' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className={cx(
        'm-auto w-[calc(100%-2rem)] overflow-visible rounded-3xl bg-white p-0 text-ink-900 shadow-lift backdrop:bg-brand-950/70',
        WIDTHS[size],
      )}
      // Esc: React decides whether the dialog is open, so the browser's own closing is replaced by onClose.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-start justify-between gap-4 px-6 pt-6">
            <h2 id={titleId} className="text-xl font-bold text-ink-950">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-mt-1 -mr-2 grid size-10 shrink-0 cursor-pointer place-items-center rounded-full text-xl text-ink-600 hover:bg-ink-100 hover:text-ink-900"
            >
              <CloseIcon />
            </button>
          </div>
          <section
            aria-labelledby={titleId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long body may scroll and hold no control, yet a keyboard must reach it to scroll
            tabIndex={0}
            className="overflow-y-auto px-6 pt-3 pb-6 text-ink-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {children}
          </section>
          {footer && (
            <div className="flex flex-col-reverse gap-3 border-t border-ink-100 px-6 py-4 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
}
