/** The application query parameter that opens a modal (spec 1 §2, spec 3 §2). */
export const MODAL_PARAM = 'modal';

export type ModalKind = 'login' | 'signup' | 'reset';

/** The value each modal is opened with in links; the other accepted values are aliases. */
export const MODAL_VALUES: Record<ModalKind, string> = { login: 'login', signup: 'signup', reset: 'forgot' };

/**
 * The signup modal's own parameters (spec 3 §4): `complete=1` for the completion heading and an
 * `email` to prefill (the union comes from the app-wide `union`). Closing a modal takes them out
 * of the address with `modal`, so the next opening starts empty.
 */
export const SIGNUP_PARAMS = { email: 'email', complete: 'complete' } as const;

/** How long an unknown value stays in the address before it is cleared. */
export const INVALID_MODAL_CLEAR_MS = 200;

/**
 * The modal a `?modal=` value opens: login or signin give login, register or signup give signup,
 * forgot gives reset. `null` when there is no value, 'invalid' for anything else (then cleared).
 */
export function modalFromParam(value: string | null | undefined): ModalKind | 'invalid' | null {
  if (value === null || value === undefined) return null;
  switch (value) {
    case 'login':
    case 'signin':
      return 'login';
    case 'register':
    case 'signup':
      return 'signup';
    case 'forgot':
      return 'reset';
    default:
      return 'invalid';
  }
}
