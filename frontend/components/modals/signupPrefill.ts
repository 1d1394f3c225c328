// What a form hands the sign-up modal it opens (the mailing-list form: the email and first name
// just given). Not in the address, where an email would be kept in logs and sent in referrers:
// in this tab's sessionStorage, read once by the next sign-up modal and then removed.

const KEY = 'signup-prefill';

export interface SignupPrefill {
  email?: string;
  firstName?: string;
}

/** Leaves the prefill for the sign-up modal about to open. */
export function leaveSignupPrefill(prefill: SignupPrefill) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(prefill));
  } catch {
    // Storage refused (a private window's quota): the modal opens empty.
  }
}

/** Takes the prefill left for this opening, if any: it is gone afterwards. */
export function takeSignupPrefill(): SignupPrefill {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return {};
    const { email, firstName } = value as Record<string, unknown>;
    return {
      ...(typeof email === 'string' ? { email } : {}),
      ...(typeof firstName === 'string' ? { firstName } : {}),
    };
  } catch {
    return {};
  }
}
