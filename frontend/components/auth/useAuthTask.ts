'use client';

import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError, SESSION_KEY } from '@/lib/bff/account';

/**
 * The mutation key every sign-in, sign-up, reset and sign-out runs under, so the gate can tell
 * that one is running (spec 1 §4: it waits while a login or registration runs).
 */
export const AUTH_TASK_KEY = ['auth-task'] as const;

/** Whether any sign-in, sign-up, reset or sign-out is running anywhere in the app. */
export function useAuthTaskRunning(): boolean {
  return useIsMutating({ mutationKey: AUTH_TASK_KEY }) > 0;
}

export interface AuthTask<TVars, TResult> {
  /**
   * Starts the call unless one is already running: a second submit while the first is in flight
   * is dropped (spec 1 §4), and so `run` answers false.
   */
  run: (vars: TVars, onSuccess: (result: TResult) => void, onError?: (error: ApiError) => void) => boolean;
  running: boolean;
  /** The last failure, as the BFF worded it; cleared by the next run. */
  error: ApiError | null;
}

/**
 * One account call (sign in, register, reset...) as a task that drops concurrent runs. The ref
 * guards the moments before React re-renders with `isPending`, when a double click would pass.
 */
export function useAuthTask<TVars, TResult>(call: (vars: TVars) => Promise<TResult>): AuthTask<TVars, TResult> {
  const inFlight = useRef(false);
  const client = useQueryClient();
  const mutation = useMutation<TResult, ApiError, TVars>({
    mutationKey: AUTH_TASK_KEY,
    mutationFn: call,
    // 503: login may have been switched off since the page loaded; the session says so, and the
    // forms then show the offline message instead.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 503) void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  const { mutate } = mutation;

  const run = useCallback(
    (vars: TVars, onSuccess: (result: TResult) => void, onError?: (error: ApiError) => void) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      mutate(vars, {
        onSuccess,
        onError: (error) => onError?.(asApiError(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      });
      return true;
    },
    [mutate],
  );

  return { run, running: mutation.isPending, error: mutation.error ? asApiError(mutation.error) : null };
}

/** Anything a call threw, as an ApiError whose message can be shown. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(error instanceof Error ? error.message : String(error), 0);
}
