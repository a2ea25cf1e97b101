import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono answers an unknown method on a known path as "not found". To answer 405 with an Allow header instead, this
 * asks a router built from the app's own route table which methods the path does have.
 */
export function allowedMethodsFinder(app: Hono<never>) {
  let builtFor = -1;
  let router = new TrieRouter<string>();
  return (path: string): string[] => {
    if (builtFor !== app.routes.length) {
      router = new TrieRouter<string>();
      for (const route of app.routes) {
        if (route.method !== 'ALL') router.add('ALL', route.path, route.method);
      }
      builtFor = app.routes.length;
    }
    const [matches] = router.match('GET', path);
    return [...new Set(matches.map(([method]) => method))];
  };
}
