import { ErrorState } from '@elts/ui';
import { useDocumentTitle } from '../app/use-document-title.js';

/** A remote that cannot be loaded or crashed: a friendly message and a way to try again, never a blank page. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto grid min-h-[60dvh] max-w-xl place-items-center px-4">
      <ErrorState
        title="We couldn't load this page"
        message="This part of the site did not load. Check your internet connection, then try again."
        onRetry={onRetry}
        retryLabel="Retry"
        headingLevel={1}
      />
    </div>
  );
}
