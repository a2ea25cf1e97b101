import type { ReactNode } from 'react';
import { cx } from '../cx.js';
import { AlertIcon, InboxIcon } from '../icons/icons.js';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';

interface StateFrameProps {
  icon: ReactNode;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'status' | 'alert';
  /** 1 when the state is the whole page (a screen that failed to load), 2 inside a page. */
  headingLevel?: 1 | 2;
  className?: string;
}

function StateFrame({ icon, title, children, action, role, headingLevel = 2, className }: StateFrameProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div role={role} className={cx('flex flex-col items-center gap-3 rounded-card px-6 py-12 text-center', className)}>
      <div className="grid size-14 place-items-center rounded-full bg-brand-50 text-2xl text-brand-700">{icon}</div>
      {title && <Heading className="text-lg font-bold text-ink-900">{title}</Heading>}
      {children && <div className="max-w-md text-ink-600">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** Nothing to show yet: 'No Orders Found', with a hint and perhaps a way forward. */
export function EmptyState({
  title,
  message,
  action,
  className,
}: {
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <StateFrame icon={<InboxIcon />} title={title} action={action} className={className}>
      {message}
    </StateFrame>
  );
}

/** Waiting for data: 'Loading amazing deals...'. */
export function LoadingState({ message, className }: { message: string; className?: string }) {
  return (
    <StateFrame icon={<Spinner label="" />} role="status" className={className}>
      {message}
    </StateFrame>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  headingLevel?: 1 | 2;
  className?: string;
}

/** Something failed: says what, and offers to try again ('Try Again' unless told otherwise). */
export function ErrorState({ title, message, onRetry, retryLabel = 'Try Again', headingLevel, className }: ErrorStateProps) {
  return (
    <StateFrame
      icon={<AlertIcon />}
      title={title}
      headingLevel={headingLevel}
      role="alert"
      className={className}
      action={
        onRetry && (
          <Button variant="primary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )
      }
    >
      {message}
    </StateFrame>
  );
}
