import { afterNextPaint } from './app/after-paint.js';

/** A browser that never reports the first paint (a tab opened in the background) still gets its app. */
const LONGEST_WAIT_MS = 1000;

/** Runs `work` once the browser reports that the page's first content is on screen, or after LONGEST_WAIT_MS. */
function afterFirstContentfulPaint(work: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(work);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    work();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(once, LONGEST_WAIT_MS);
}

/**
 * The page's first script (docs/decisions/0107). The app's scripts are already downloading (preloads in the head);
 * on a page that arrived rendered, this starts them only once the browser has shown that page, so the page is on
 * screen before the app's scripts take the main thread to adopt it. An empty page (one the app draws) starts them at
 * once. The scripts' addresses are this element's `data-main`, in order.
 */
const scripts = (document.currentScript as HTMLScriptElement | null)?.dataset.main?.split(' ');
if (!scripts?.length) throw new Error('The paint-first script has no data-main to start');
const start = () => {
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Run in the order given, each as soon as it and those before it are in, like deferred scripts.
    script.async = false;
    document.head.append(script);
  }
};
if (document.getElementById('root')?.hasChildNodes()) afterFirstContentfulPaint(start);
else start();
