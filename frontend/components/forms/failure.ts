import { BffError } from '@/lib/bff/error';
import { message, type MessageKey } from '@/lib/accounts';
import { focusFirstError, type FieldErrors } from './useForm';

/**
 * What to tell the member when an account call failed. A 4xx problem from the BFF is worded for
 * them (a field rule, 'Invalid current password.', a session that ended). For anything else (a
 * network failure, a 5xx) the action's catalogue message is used when it has one (spec 1 §8),
 * else what the BFF or the client said.
 */
export function failureMessage(error: unknown, fallback?: MessageKey): string {
  const userFacing = error instanceof BffError && error.status >= 400 && error.status < 500;
  if (userFacing || (!fallback && error instanceof BffError)) return error.detail;
  return fallback ? message(fallback) : 'Something went wrong. Please try again.';
}

/**
 * A failed save, shown on its form: the BFF's field errors go on their fields and the first takes
 * the focus. Answers the form's alert: null when the fields say it all.
 */
export function showOnForm(
  error: BffError,
  form: { setServerErrors: (errors: FieldErrors) => void },
  element: HTMLFormElement | null,
  fallback?: MessageKey,
): string | null {
  form.setServerErrors(error.fields);
  focusFirstError(element, error.fields);
  return Object.keys(error.fields).length > 0 ? null : failureMessage(error, fallback);
}
