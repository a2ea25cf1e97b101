import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from '../src/browser.js';

// Issue 34, item 9: the product runs with PUBLIC_URL http://127.0.0.1:{port} (product-process.ts). A browser that
// opens it as localhost, another name for the same server, is sent to 127.0.0.1, where its session and every payment
// return live; the API answers under either name.
const browser = useBrowser();
const otherName = () => baseURL().replace('127.0.0.1', 'localhost');

describe('one host', () => {
  it('redirects a page asked for under another host name to PUBLIC_URL’s host, keeping the path and query', async () => {
    const answer = await fetch(`${otherName()}/order?order_id=ORD-0A1B2C3D4E5F`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe(`${baseURL()}/order?order_id=ORD-0A1B2C3D4E5F`);
    // The API is answered where it is asked.
    const api = await fetch(`${otherName()}/user/sign-in-options`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(200);
  });

  it('takes a browser that typed the other name to the one host', async () => {
    const { page } = await browser.open('/');
    await page.goto(`${otherName()}/about`);
    expect(new URL(page.url()).origin).toBe(baseURL());
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.close();
  });
});
