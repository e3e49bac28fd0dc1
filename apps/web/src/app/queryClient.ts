import { MutationCache, QueryClient } from '@tanstack/react-query';
import { auditsKeys } from '../shared/api/audits';
import { ApiError } from '../shared/lib/ApiError';
import { showOperationError } from '../shared/lib/errorNotices';
import '../shared/lib/query';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A client error will not heal by asking again; network trouble and 5xx might.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's QueryClient. Every mutation failure opens the spec §8 operation-failure dialog
 * (title: error code, content: server message) unless the mutation sets `meta: { errorModal: false }`
 * or the HTTP client already showed a notice for it (401/403).
 * Every settled mutation refreshes the audit trails on screen: the server writes an audit row with every change
 * (and with some refusals, e.g. a refused cluster command), so this one place keeps every Audit Logs tab current.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Not awaited: a mutation is done when the server answered, not when every audit table on screen refetched.
      onSettled: () => {
        void client.invalidateQueries({ queryKey: auditsKeys.all });
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorModal === false) return;
        showOperationError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
