import { describe, expect, it } from 'vitest';
import { pageWithMarkup } from '../src/prerender.js';

const shell =
  '<!doctype html><html><head><title>ELTS Club</title><link as="script" fetchpriority="low" href="/react-dom.1.js" rel="preload">' +
  '<link as="script" fetchpriority="low" href="/main.2.js" rel="preload"><link as="font" href="/f.woff2" rel="preload">' +
  '<script data-main="/react-dom.1.js /main.2.js" defer src="/paint-first.3.js"></script></head><body><div id="root"></div></body></html>';

describe("a prerendered route's page", () => {
  const page = pageWithMarkup(shell, '/about', { html: '<h1>About Us</h1><p>Costs $& more</p>', title: 'About Us · <Club>' });

  it("puts the route's markup in the root element, marked with its route", () => {
    expect(page).toContain('<div id="root" data-prerendered="/about"><h1>About Us</h1><p>Costs $& more</p></div>');
  });

  it("carries the route's title, escaped", () => {
    expect(page).toContain('<title>About Us · &lt;Club&gt;</title>');
    expect(page).not.toContain('<title>ELTS Club</title>');
  });

  it("asks for the app's scripts only through paint-first, after the paint, and keeps the font's preload", () => {
    expect(page).not.toContain('as="script"');
    expect(page).toContain('<script data-main="/react-dom.1.js /main.2.js" defer src="/paint-first.3.js"></script>');
    expect(page).toContain('<link as="font" href="/f.woff2" rel="preload">');
  });

  it('refuses a shell page with no empty root element to fill', () => {
    expect(() => pageWithMarkup('<div id="app"></div>', '/', { html: '', title: '' })).toThrow(/root/);
  });
});
