/**
 * One instance of each of these in the page, whichever app loads first provides it: React must be single for hooks,
 * the router and the query client for their contexts to reach across the shell and its remotes.
 */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });

export const SHARED_SINGLETONS = {
  react: singleton('^19.0.0'),
  'react/jsx-runtime': singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-dom/client': singleton('^19.0.0'),
  '@elts/router': singleton('^7.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
};
