import { DESTINATION_PARAM } from '@/lib/returnTo';

/** The parameters the shell reads once and then takes out of the address again. */
export const SHELL_PARAMS = ['modal', 'message', 'messageType', DESTINATION_PARAM] as const;

/**
 * The secrets an emailed link carries: a password reset's one-time code and the Firebase key beside
 * it (/reset). They are never tracked, and the page that reads them takes them out of the address.
 */
export const SECRET_PARAMS = ['oobCode', 'apiKey'] as const;
