import { CloseIcon } from '@elts/ui';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The phone's menu: a panel from the left on a native modal <dialog>, so focus stays inside it, Esc closes it and
 * the page behind is inert while it is open.
 */
export function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc (onCancel) is its keyboard twin
    <dialog
      ref={dialog}
      aria-label="Menu"
      className="m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 shadow-lift backdrop:bg-brand-950/60"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {open && (
        <div className="flex h-full flex-col gap-4 p-4">
          <div className="flex justify-end">
            <button
              type="button"
              aria-label="Close menu"
              onClick={onClose}
              className="grid size-11 cursor-pointer place-items-center rounded-full text-xl text-ink-700 hover:bg-ink-100"
            >
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Account">{children}</nav>
        </div>
      )}
    </dialog>
  );
}
