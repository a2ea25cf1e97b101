import { BrowserRouter, Route, Routes } from '@elts/router';
import { Suspense } from 'react';
import { SignInProvider } from '../session/SignIn.js';
import { PageLoading } from './PageLoading.js';
import { NotFoundPage, PUBLIC_PAGES, REMOTE_ROUTES, RemoteScreen } from './routes.js';
import { ScrollToTop } from './ScrollToTop.js';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <SignInProvider>
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
      </SignInProvider>
    </BrowserRouter>
  );
}
