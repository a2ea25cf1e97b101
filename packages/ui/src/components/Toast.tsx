import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../cx.js';
import { CloseIcon } from '../icons/icons.js';

/** Toasts hide themselves after 6 seconds (spec section 9). */
export const TOAST_DURATION_MS = 6000;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  /**
   * The message is about the page the app is about to go to, not the one it is on (step 04's 'You have skipped the
   * shipping information.' is said on /profile): it survives the next change of page, and belongs to that page.
   */
  forNextPage?: boolean;
}

/** Where the app is: the router's location, of which only the path and the query make a page. */
export interface ToastLocation {
  pathname: string;
  search: string;
}

interface ShownToast {
  id: number;
  message: string;
  tone: ToastTone;
  /** The page it was raised on; undefined while it waits for the next page. */
  page: string | undefined;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

const TONES: Record<ToastTone, string> = {
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-800 text-white',
  info: 'bg-ink-900 text-white',
};

// A hash selects a tab within a page (/privacy#faqs) and a state-only navigation tidies the history entry (/profile
// forgetting `fromShipping`): neither leaves the page, so neither should take its messages away.
const pageOf = (location: ToastLocation) => location.pathname + location.search;

const CONTROL = 'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"]';
// Room left between a toast and the control it must not cover.
const GAP_PX = 8;

/**
 * Shows toasts at the bottom of the screen for everything inside it; `useToast()` raises one. One rule for every
 * screen (docs/decisions/0109): a toast belongs to the page that raised it and goes when the member leaves that page;
 * a new error replaces the error shown (the newest is the one that applies); and the control that raised a toast (the
 * step's Next button, pressed at the foot of a phone's screen) is scrolled clear of it rather than hidden under it.
 */
export function ToastProvider({ location, children }: { location: ToastLocation; children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const page = pageOf(location);
  const currentPage = useRef(page);
  const region = useRef<HTMLElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const lastControl = useRef<Element | null>(null);
  const newestSeen = useRef(0);
  const modalOnTop = useTopmostModal(spacer);

  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    const tone = toast.tone ?? 'info';
    const shownToast: ShownToast = { id, message: toast.message, tone, page: toast.forNextPage ? undefined : currentPage.current };
    setToasts((shown) => [...(tone === 'error' ? shown.filter((other) => other.tone !== 'error') : shown), shownToast]);
  }, []);

  // Before the next page paints, so a message about the page just left is never seen on the new one.
  useLayoutEffect(() => {
    if (currentPage.current === page) return;
    currentPage.current = page;
    setToasts((shown) =>
      shown.length === 0 ? shown : shown.filter((toast) => toast.page === undefined).map((toast) => ({ ...toast, page })),
    );
  }, [page]);

  // Safari does not focus a button on a click, so the control a toast answers is remembered from the click itself
  // (a keyboard press and a form's implicit submission click the button too).
  useEffect(() => {
    const remember = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      if (target && !region.current?.contains(target)) lastControl.current = target;
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  // When a toast arrives over the controls that raised it (the step's Next, or its Skip and Submit, pressed at the
  // foot of a phone's screen), the page scrolls them clear of it. Only if the page has too little left below to
  // scroll that far does it gain the room it lacks at its end, for as long as a toast shows: never otherwise (issue
  // 34: every toast left a band under the footer). The spacer is sized here rather than through state so the scroll
  // below already has the room.
  useLayoutEffect(() => {
    const element = region.current;
    const first = element?.firstElementChild;
    if (!element || !spacer.current) return;
    if (!(first instanceof HTMLElement)) {
      spacer.current.style.height = '';
      return;
    }
    const newest = toasts[toasts.length - 1]?.id ?? 0;
    if (newest <= newestSeen.current) return;
    newestSeen.current = newest;
    const zone = zoneToKeepClear(lastControl.current);
    if (!zone) return;
    // Layout offsets, not the toasts' boxes: their entrance animation moves them while this runs.
    const height = element.offsetHeight - first.offsetTop + GAP_PX;
    const box = zone.getBoundingClientRect();
    const across = first.getBoundingClientRect();
    const limit = window.innerHeight - height;
    const beneath = box.right > across.left && box.left < across.right && box.bottom > limit;
    if (!beneath) return;
    const scroll = box.bottom - limit;
    const scrollable = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
    if (scroll > scrollable) spacer.current.style.height = `${Math.ceil(scroll - scrollable)}px`;
    window.scrollBy({ top: scroll, behavior: 'instant' });
  }, [toasts]);

  // The live region is always present so a screen reader announces each toast as it is added.
  const notifications = (
    <section
      ref={region}
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </section>
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={spacer} aria-hidden="true" />
      {modalOnTop ? createPortal(notifications, modalOnTop) : notifications}
    </ToastContext.Provider>
  );
}

/**
 * The open modal dialog on top, among those inside the provider's part of the page. A modal <dialog> sits in the
 * browser's top layer with everything else inert beneath its backdrop, where no z-index reaches: a toast raised while
 * one is open (a refusal of the modal's own action) is shown inside it, or the member would never see it.
 */
function useTopmostModal(anchor: RefObject<HTMLElement | null>): HTMLDialogElement | undefined {
  const [top, setTop] = useState<HTMLDialogElement>();
  useEffect(() => {
    const scope = anchor.current?.parentElement;
    if (!scope) return;
    const update = () => setTop([...scope.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(isModal).at(-1));
    update();
    const observer = new MutationObserver(update);
    observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [anchor]);
  return top;
}

const isModal = (dialog: HTMLDialogElement) => dialog.matches(':modal');

/**
 * What to keep above the toasts: the control last pressed while it is still on the screen, else the focused one,
 * with the controls beside it (a step's Skip and Submit share a row: issue 34 found the error covering Skip). One in
 * an open dialog is left alone: dialogs sit above the toasts.
 */
function zoneToKeepClear(lastPressed: Element | null): Element | undefined {
  const onScreen = (element: Element | null): element is Element => {
    if (!element?.isConnected || element.closest('dialog[open]')) return false;
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const focused = document.activeElement;
  const control = onScreen(lastPressed) ? lastPressed : focused !== document.body && onScreen(focused) ? focused : undefined;
  const row = control?.parentElement;
  // A row of buttons, not a whole form or page that happens to hold the control.
  const isRow =
    row &&
    row !== document.body &&
    row.querySelectorAll(CONTROL).length > 1 &&
    row.getBoundingClientRect().height <= 3 * control.getBoundingClientRect().height;
  return isRow ? row : control;
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
