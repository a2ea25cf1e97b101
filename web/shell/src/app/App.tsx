import { BrowserRouter, Route, Routes, useLocation } from '@elts/router';
import { type ReactNode, Suspense } from 'react';
import { RemoteUnavailable } from '../remotes/RemoteUnavailable.js';
import { SignInProvider } from '../session/SignIn.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { retryFailedPages } from './lazy-page.js';
import { PageLoading } from './PageLoading.js';
import { NotFoundPage, PUBLIC_PAGES, REMOTE_ROUTES, RemoteScreen } from './routes.js';
import { ScrollToTop } from './ScrollToTop.js';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Every page under whichever router holds the location: the browser's, or the build's static one (prerender). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <SignInProvider>
        <PageErrors>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              {REMOTE_ROUTES.map(({ path, remote, module }) => (
                <Route key={path} path={path} element={<RemoteScreen remote={remote} module={module} />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </PageErrors>
      </SignInProvider>
    </>
  );
}

/**
 * A page whose code did not download (a lazy page, the remote loader, the not-found page) shows the friendly error
 * with Retry instead of unmounting the whole app; going to another page clears it.
 */
function PageErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary what="A page" resetKey={pathname} onReset={retryFailedPages} fallback={(reset) => <RemoteUnavailable onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
