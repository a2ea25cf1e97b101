import { StaticRouter } from '@elts/router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { AppRoutes } from '../app/App.js';
import { DocumentTitleSink } from '../app/use-document-title.js';

export interface RenderedPage {
  /** The markup of the page's root element, which the browser's first render then hydrates (bootstrap.tsx). */
  html: string;
  /** The browser tab's title for the page. */
  title: string;
}

/**
 * A page rendered as a visitor without a session first sees it: the build's entry into the shell
 * (docs/decisions/0107). It waits for the page's lazily loaded code, so the HTML holds the whole page.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  let title = '';
  const { prelude } = await prerender(
    <DocumentTitleSink
      value={(pageTitle) => {
        title = pageTitle;
      }}
    >
      <StrictMode>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </StrictMode>
    </DocumentTitleSink>,
    // A large part of the page would otherwise be sent after the rest with an inline script to put it in place; the
    // page's policy allows no inline script, and the build has the whole page at once anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await new Response(prelude).text(), title };
}
