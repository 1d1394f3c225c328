import type { RegisterRequest } from '@/lib/bff/types';
import { confirms, isValidEmail, isValidPassword, isValidZip, limits, message } from '@/lib/accounts';
import type { FieldErrors } from '@/components/forms/useForm';

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
 * The sign-up rules of spec 3 §5, each at its own field and all at once, in the order the form
 * shows the fields (the first takes the focus on submit); empty when the form may be sent. The
 * BFF runs the same rules (account.checkRegistration). The spec words the union, the email and the
 * confirmation; the others, which it groups under 'Please provide valid values for all fields.',
 * get the catalogue's word for what is wrong with that one field.
 */
export function signupErrors(values: SignupValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(values.email)) errors.email = message('emailInvalid'); // the BFF's rule: a dot and a TLD after the @
  const name = (value: string) => value.trim() !== '' && value.trim().length <= limits.nameMaxLength;
  if (!name(values.firstName)) errors.firstName = message('required');
  if (!name(values.lastName)) errors.lastName = message('required');
  if (values.union === '') errors.union = message('signupUnion');
  if (!isValidZip(values.zip)) errors.zip = message('zipInvalid'); // 5 to 10 letters, digits, hyphens or spaces
  if (!isValidPassword(values.password)) errors.password = message('passwordInvalid');
  if (!confirms(values.password, values.confirmPassword)) errors.confirmPassword = message('passwordConfirm');
  return errors;
}
