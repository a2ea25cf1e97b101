import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page arrives already rendered by the build (docs/decisions/0107): the script adopts that markup instead of
// drawing the page again. A hash can change what the page shows (a tab on /privacy), so such a visit is drawn afresh.
const prerendered = root.dataset.prerendered === window.location.pathname && !window.location.hash;
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for one long task: on a slow phone, taps and scrolls are answered while the page is being built (issue 8, TBT).
startTransition(() => {
  if (prerendered) {
    hydrateRoot(root, app);
    return;
  }
  root.replaceChildren();
  createRoot(root).render(app);
});
