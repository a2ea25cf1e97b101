import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, ADMIN_ROUTES, remoteDrawing, WEB_ROUTES } from '../src/index.js';

// The back office's registry is the one list of its pages: the gateway serves, and the shell sends to the admin
// remote, exactly the pages it declares and the login page (a path missing from either sent operators to log in).
describe('the back-office pages', () => {
  it('are each served as a web page drawn by the admin remote', () => {
    for (const { path } of ADMIN_PAGES) {
      expect(WEB_ROUTES, path).toContain(path);
      expect(remoteDrawing(path), path).toBe('admin');
    }
  });

  it('are, with the login page, every admin route and no other', () => {
    expect([...ADMIN_ROUTES].sort()).toEqual(['/admin/login', ...ADMIN_PAGES.map((page) => page.path)].sort());
    expect(WEB_ROUTES.filter((route) => route.startsWith('/admin')).sort()).toEqual([...ADMIN_ROUTES].sort());
  });

  it('have a path and a sidebar label each of their own', () => {
    expect(new Set(ADMIN_PAGES.map((page) => page.path)).size).toBe(ADMIN_PAGES.length);
    expect(new Set(ADMIN_PAGES.map((page) => page.label)).size).toBe(ADMIN_PAGES.length);
  });
});
