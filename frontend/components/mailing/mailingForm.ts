import type { SubscribeRequest } from '@/lib/bff/types';

/** The form a sign-up comes from (contracts/openapi.yaml SubscribeRequest.source). */
export type MailingSource = SubscribeRequest['source'];

/** The spec's words (spec 3 §5, §8). */
export const MAILING_TEXT = {
  unionPlaceholder: 'Choose your Union *',
  emailPlaceholder: 'Enter your email address *',
  firstNamePlaceholder: 'Enter your first name *',
  submit: 'Sign me up',
  submitting: 'Signing you up…',
} as const;

export interface MailingValues {
  email: string;
  union: string;
  firstName: string;
}

/**
 * Whether 'Sign me up' may be pressed: email and union filled (the Plus More pages: the first name
 * too), as the spec says. Whether the email is one is the browser's and the BFF's to say.
 */
export function canSubmit(values: MailingValues, withFirstName: boolean): boolean {
  return values.email.trim() !== '' && values.union !== '' && (!withFirstName || values.firstName.trim() !== '');
}
