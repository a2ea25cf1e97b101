import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for one long task: on a slow phone, taps and scrolls are answered while the page is being built (issue 8, TBT).
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
