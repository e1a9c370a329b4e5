/**
 * The app's one QueryClient and the React Query hooks bound to it. There is no provider at the
 * root: each hook is given this client, so a screen that asks for no data (the sign-in page)
 * never downloads the query library. Import the hooks from here, not from @tanstack/react-query
 * (eslint.config.js enforces it).
 */
import { useDeferredValue } from 'react';
import {
  QueryClient,
  useMutation as useMutationWith,
  useQueries as useQueriesWith,
  useQuery as useQueryWith,
} from '@tanstack/react-query';
import { isApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      staleTime: 60_000,
      // Client errors (404 missing account, 401 signed out) are answers, not glitches.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});

// React Query mounts a client in its provider; with none, the client listens for focus and
// network changes once here instead.
queryClient.mount();

/**
 * `hook` with the app's client filled in as its optional client argument: the same function
 * otherwise, so its (overloaded, generic) type is kept by the cast.
 */
function bound<Hook>(hook: (options: never, client?: QueryClient) => unknown): Hook {
  return ((options: never) => hook(options, queryClient)) as Hook;
}

/**
 * React Query's useQuery, bound to the app's client, whose answer reaches the component as a
 * deferred value: the store's update re-renders the component at once with the answer it had
 * (cheap), and React then draws the new answer in the background, in slices it can interrupt,
 * instead of in one uninterruptible task (a dashboard of account cards took 60-90 ms in one task
 * at once on a slow phone: blocking time, and input ignored meanwhile). On a screen's first mount
 * the current answer is used as it is.
 */
export const useQuery = ((options: never) =>
  useDeferredValue(useQueryWith(options, queryClient))) as typeof useQueryWith;
export const useQueries = bound<typeof useQueriesWith>(useQueriesWith);
export const useMutation = bound<typeof useMutationWith>(useMutationWith);

/** The app's client (a hook in name only, kept for the call sites' shape). */
export function useQueryClient(): QueryClient {
  return queryClient;
}
