import { QueryClient } from '@tanstack/react-query';

/**
 * The one query client of the page, shared with the remotes through the shared @tanstack/react-query singleton.
 * It is created with the first remote screen, so public pages never download the library.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
