import { ApiError } from '@/lib/bff/account';
import { message, type MessageKey } from '@/lib/accounts';

/**
 * What to tell the member when an account call failed. A 4xx problem from the BFF is worded for
 * them (a field rule, 'Invalid current password.', a session that ended). For anything else (a
 * network failure, a 5xx) the action's catalogue message is used when it has one (spec 1 §8),
 * else what the BFF or the client said.
 */
export function failureMessage(error: unknown, fallback?: MessageKey): string {
  const userFacing = error instanceof ApiError && error.status >= 400 && error.status < 500;
  if (userFacing || (!fallback && error instanceof ApiError)) return error.message;
  return fallback ? message(fallback) : 'Something went wrong. Please try again.';
}

/** The BFF's field errors of a failed call, by request field name ('home.zip'). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

