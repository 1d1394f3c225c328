'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { LOGIN_HREF } from '@/lib/accountRoutes';
import { rememberPendingLink } from '@/lib/pendingLink';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';

/**
 * A visitor asked for a members-only form (spec 2 §6): remember it (useAfterSignIn resumes it once
 * they have signed in) and send them home with the login modal open. The server cannot write the
 * tab's sessionStorage, hence this step in the browser.
 */
export function SignInFirst({ destination }: { destination: string }) {
  const router = useRouter();
  useEffect(() => {
    rememberPendingLink({ url: destination });
    router.replace(LOGIN_HREF);
  }, [destination, router]);
  return (
    <div className="container">
      <LoadingIndicator />
      <noscript>
        <p>
          This form is for signed-in members. <a href={LOGIN_HREF}>Log in</a> to open it.
        </p>
      </noscript>
    </div>
  );
}
