'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useSitePathname } from '@/lib/useSitePathname';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { BffError } from '@/lib/bff/error';
import { browserCalls } from '@/lib/bff/queries';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { MODAL_PARAM, MODAL_VALUES, SIGNUP_PARAMS } from '@/components/modals/modalParam';
import { rememberOpener } from '@/components/modals/opener';
import { leaveSignupPrefill } from '@/components/modals/signupPrefill';
import { useSession } from '@/components/session/SessionProvider';
import { withParams } from '@/lib/url';
import { canSubmit, MAILING_TEXT, type MailingSource, type MailingValues } from './mailingForm';
import styles from './MailingForm.module.css';

interface MailingFormProps {
  source: MailingSource;
  /** The Plus More pages ask for a first name as well (spec 3 §2). */
  withFirstName?: boolean;
  /**
   * The union the reader chose (?union=, the union cookie), preselected when they may choose it;
   * never the site's fallback union, which is nobody's choice. A member's own comes first.
   */
  defaultUnion?: string;
  /** `row` puts the fields side by side from tablet width; `stack` keeps them in a column. */
  layout?: 'row' | 'stack';
  /** `dark` on navy and photo backgrounds. */
  tone?: 'light' | 'dark';
  /** Called after a successful sign-up (the promos keep showing their thanks until then). */
  onSubscribed?: () => void;
}

/**
 * A failed sign-up as the reader is told it: the BFF's words for a mistake of theirs, else ours
 * (contracts/accounts.json), loaded with the failure: the forms' contract is no part of the page's
 * JavaScript until then.
 */
async function failure(error: unknown): Promise<BffError> {
  const failed = BffError.from(error);
  if (failed.status >= 400 && failed.status < 500) return failed;
  const { message } = await import('@/lib/accounts');
  const { status, code, fields, problem } = failed;
  return new BffError(failed.message, { status, code, detail: message('mailingError'), fields, problem }, { cause: error });
}

/**
 * The mailing-list sign-up (spec 3 §2, §4, §5), one form for every placement: email and union
 * (and a first name on the Plus More pages), prefilled for a member. 'Sign me up' waits until
 * the required fields are filled and while saving; one save runs at a time. On success the fields
 * clear and 'Newsletter signup successful!' shows; a visitor is then offered an account in the
 * sign-up modal with their email and union filled in.
 */
export function MailingForm({ source, withFirstName = false, defaultUnion, layout = 'row', tone = 'light', onSubscribed }: MailingFormProps) {
  const { session, member, refresh } = useSession();
  const router = useRouter();
  const pathname = useSitePathname();
  const searchParams = useSearchParams();
  const id = useId();
  const unions = session.visibleUnions;
  const offered = (union: string | undefined) => (union && unions.some((u) => u.id === union) ? union : '');
  const [values, setValues] = useState<MailingValues>(() => ({
    email: member?.email ?? '',
    union: offered(member?.union?.id ?? defaultUnion),
    firstName: member?.firstName ?? '',
  }));
  const [done, setDone] = useState<string | null>(null);
  const firstControl = useRef<HTMLInputElement>(null);

  const { run, pending, error } = useBffMutation({
    mutationFn: async (body: MailingValues) => {
      try {
        const { accountApi } = await browserCalls();
        return await accountApi.subscribe({
          source,
          email: body.email,
          union: body.union,
          ...(withFirstName ? { firstName: body.firstName } : {}),
        });
      } catch (error) {
        throw await failure(error);
      }
    },
    onSuccess: async (answer, sent) => {
      setValues({ email: '', union: '', firstName: '' });
      setDone(answer.message);
      onSubscribed?.();
      // Spec 1 §9: failures are only logged; the session now says emailSubscribed.
      await refresh();
      if (!session.signedIn && session.loginEnabled) {
        // The email and first name go to the modal by this tab's storage, not in the address
        // (logs, referrers); the modal gives the focus back to the form's first field (the
        // button is disabled now the form is empty).
        leaveSignupPrefill({ email: sent.email, ...(withFirstName ? { firstName: sent.firstName } : {}) });
        if (firstControl.current) rememberOpener(firstControl.current);
        router.push(
          withParams(pathname, searchParams, {
            [MODAL_PARAM]: MODAL_VALUES.signup,
            [SIGNUP_PARAMS.complete]: '1',
            union: sent.union,
          }),
          { scroll: false },
        );
      }
    },
    onError: (failure) => {
      // The spec logs failures for debugging; the reader is told too (README, notes on the spec).
      console.debug('mailing-list sign-up failed', failure);
    },
  });

  const ready = canSubmit(values, withFirstName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setDone(null);
    void run({ ...values, email: values.email.trim(), firstName: values.firstName.trim() });
  };
  // What ties a control to one of the values: its name, its value and its change.
  const bind = (key: 'firstName' | 'email' | 'union') => ({
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  return (
    <form className={styles.form} data-layout={layout} data-tone={tone} onSubmit={submit} aria-busy={pending}>
      <div className={styles.fields}>
        {withFirstName && (
          <MailingField id={`${id}-first`} label="First name">
            {(control) => (
              <input
                ref={firstControl}
                {...control}
                {...bind('firstName')}
                autoComplete="given-name"
                placeholder={MAILING_TEXT.firstNamePlaceholder}
                required
                maxLength={80}
              />
            )}
          </MailingField>
        )}
        <MailingField id={`${id}-email`} label="Email address">
          {(control) => (
            <input ref={withFirstName ? undefined : firstControl} {...control} {...bind('email')} type="email" autoComplete="email" placeholder={MAILING_TEXT.emailPlaceholder} required />
          )}
        </MailingField>
        <MailingField id={`${id}-union`} label="Union">
          {(control) => (
            <select {...control} {...bind('union')} required>
              <option value="">{MAILING_TEXT.unionPlaceholder}</option>
              {unions.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.unionLabel}
                </option>
              ))}
            </select>
          )}
        </MailingField>
        <button type="submit" className={styles.submit} disabled={!ready || pending}>
          {pending && <span className={styles.spinner} aria-hidden="true" />}
          {pending ? MAILING_TEXT.submitting : MAILING_TEXT.submit}
        </button>
      </div>
      <div aria-live="polite" className={styles.messages}>
        {done && (
          <p className={styles.success} role="status">
            {done}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error.detail}
          </p>
        )}
      </div>
    </form>
  );
}

/** One control of the form, labelled for screen readers only: the placeholder shows what it asks. */
function MailingField({ id, label, children }: { id: string; label: string; children: (control: { id: string; className: string }) => ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {children({ id, className: styles.control })}
    </div>
  );
}
