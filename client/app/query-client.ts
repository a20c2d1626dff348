import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-error.ts';
import { AuthFlowError } from '#client/lib/auth-errors.ts';
import { reportError } from '#client/lib/error-reporting.ts';

/**
 * The server state of the signed-in screens (TanStack Query): what they read from the BFF and the
 * API, and what they change there. Only the authenticated layout imports this module, so the
 * library loads with the signed-in screens and never with the public pages.
 *
 * - A failure the API or the identity provider named (ApiError, AuthFlowError) is the screen's to
 *   tell; anything else is a fault of the client's and is reported, whichever screen met it.
 * - Nothing is retried on its own: the screens say what failed and offer to try again, and a
 *   refused request (a rate limit, a stale proof of identity) would only be refused again.
 * - A tab coming back into focus does not refetch: a form being filled keeps what it shows.
 * - What is read for a user is keyed by their uid. Every sign-out ends in a full page load, which
 *   starts with an empty client: nothing of theirs stays in memory for the next person.
 */

function reportUnexpected(error: unknown): void {
  if (!(error instanceof ApiError || error instanceof AuthFlowError)) reportError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportUnexpected }),
    mutationCache: new MutationCache({ onError: reportUnexpected }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The one client of the page, made when the signed-in screens' code first loads. */
export const queryClient = createQueryClient();
