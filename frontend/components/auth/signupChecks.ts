import type { RegisterRequest } from '@/lib/bff/types';
import { confirms, isValidEmail, isValidPassword, isValidZip, message } from '@/lib/accounts';

export type SignupValues = Pick<
  RegisterRequest,
  'email' | 'firstName' | 'lastName' | 'union' | 'zip' | 'password' | 'confirmPassword'
>;

export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  firstName: '',
  lastName: '',
  union: '',
  zip: '',
  password: '',
  confirmPassword: '',
};

/**
 * The sign-up checks in the order spec 3 §5 runs them, with their messages: the first that fails
 * is the one the member sees, or null when the form may be sent. The BFF runs the same rules.
 */
export function signupProblem(values: SignupValues, submitting: boolean): string | null {
  if (submitting) return message('signupNotReady');
  if (values.union === '') return message('signupUnion');
  if (!isValidEmail(values.email)) return message('emailInvalid');
  const complete =
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    isValidZip(values.zip) && // 5 to 10 letters, digits, hyphens or spaces
    isValidPassword(values.password);
  if (!complete) return message('signupFields');
  if (!confirms(values.password, values.confirmPassword)) return message('passwordConfirm');
  return null;
}
