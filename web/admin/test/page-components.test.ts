import { ADMIN_PAGES } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_COMPONENTS } from '../src/exposed/page-components.js';

// The compiler holds the page map to the registry's paths; this holds it at run time too (a cast or a spread could
// slip past the type): a page the registry declares with no component would send an operator to the login page.
describe('the admin remote page map', () => {
  it('draws every page of the registry, and only those', () => {
    expect(Object.keys(PAGE_COMPONENTS).sort()).toEqual(ADMIN_PAGES.map((page) => page.path).sort());
    for (const { path } of ADMIN_PAGES) expect(typeof PAGE_COMPONENTS[path], path).toBe('function');
  });
});
