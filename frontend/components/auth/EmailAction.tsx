'use client';

import NextLink from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { accountApi } from '@/lib/bff/browser';
import type { EmailActionRequest, EmailActionResult } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { FormAlert } from '@/components/forms/fields';
import { failureMessage } from '@/components/forms/failure';
import { useSession } from '@/components/session/SessionProvider';
import buttons from '@/components/common/ButtonLink.module.css';
import styles from './AuthForm.module.css';

/** An emailed link's parameters, for the modes other than the password reset. */
export type EmailActionLink = EmailActionRequest;

/**
 * What a verification or email-recovery link does on /reset (spec 1 §2: Firebase sends every
 * kind of link to the one action URL; §4 email verification). The link is followed as soon as the
 * page is open, once: the BFF applies its code and says what happened, and the session is read
 * again (a member's email now shows verified; a recovery ends the account's sessions). Then the
 * page offers the way on: back to where the verification was asked for (`returnTo`, from the
 * link's continueUrl), the member's account, or, after a recovery, a password reset.
 */
export function EmailAction({ link, returnTo }: { link: EmailActionLink; returnTo: string | null }) {
  const { member, refresh } = useSession();
  const [result, setResult] = useState<EmailActionResult | null>(null);
  const { run, error } = useBffMutation({
    mutationFn: accountApi.applyEmailAction,
    onSuccess: async (answer) => {
      setResult(answer);
      await refresh();
    },
  });

  // A code works once: a second run (a remount) would only answer that it was used.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(link);
  }, [run, link]);

  if (error) {
    return (
      <div className={styles.actionFailed}>
        <FormAlert message={failureMessage(error)} />
        {link.mode === 'verifyEmail' && member ? (
          <NextLink href={`/account/${encodeURIComponent(member.uid)}`}>Send a new link from My Account</NextLink>
        ) : (
          <NextLink href="/">Go to the home page</NextLink>
        )}
      </div>
    );
  }
  if (!result) {
    return (
      <p role="status" className={styles.submitted}>
        Checking your link…
      </p>
    );
  }
  return (
    <div className={styles.submitted}>
      <p role="status" className={styles.submittedTitle}>
        {result.message}
      </p>
      {result.mode === 'recoverEmail' ? (
        // Home's reset modal: a modal over this page would render it again, without the link.
        <NextLink href="/?modal=forgot" className={`${buttons.button} ${buttons.primary}`}>
          Reset Your Password
        </NextLink>
      ) : (
        <NextLink href={nextPath(returnTo, member?.uid)} className={`${buttons.button} ${buttons.primary}`}>
          Continue
        </NextLink>
      )}
    </div>
  );
}

/** Where a verified member goes on to: back where they asked, else their account, else home. */
function nextPath(returnTo: string | null, uid: string | undefined): string {
  if (returnTo) return returnTo;
  return uid ? `/account/${encodeURIComponent(uid)}` : '/';
}
