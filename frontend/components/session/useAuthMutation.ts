'use client';

import { SESSION_KEY } from '@/lib/bff/queries';
import { useBffMutation, type BffMutation, type BffMutationOptions } from '@/lib/bff/useBffMutation';
import { useMutating } from '@/lib/query/live';

/**
 * The mutation key every sign-in, sign-up, reset and sign-out runs under, so the gate can tell
 * that one is running (spec 1 §4: it waits while a login or registration runs).
 */
const AUTH_MUTATION_KEY = ['auth'] as const;

/** Whether any sign-in, sign-up, reset or sign-out is running anywhere in the app. */
export function useAuthMutationRunning(): boolean {
  return useMutating(AUTH_MUTATION_KEY) > 0;
}

/** A sign-in, sign-up, reset or sign-out: useBffMutation, seen by the gate. */
export function useAuthMutation<TVars = void, TResult = unknown>(
  options: Omit<BffMutationOptions<TVars, TResult>, 'mutationKey'>,
): BffMutation<TVars, TResult> {
  return useBffMutation({
    ...options,
    mutationKey: AUTH_MUTATION_KEY,
    onError: (error, vars, client) => {
      // Login may have been switched off since the page loaded; the session says so, and the
      // forms then show the offline message instead.
      if (error.status === 503) void client.invalidateQueries({ queryKey: SESSION_KEY });
      return options.onError?.(error, vars, client);
    },
  });
}
