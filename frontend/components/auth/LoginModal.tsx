'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useEffectEvent, useState } from 'react';
import type { LoginModalStyle } from '@/lib/bff/types';
import { isPartnerRedirect } from '@/lib/partnerRedirect';
import { destinationOf } from '@/lib/returnTo';
import { ModalLink } from '@/components/modals/ModalLink';
import { useSession } from '@/components/session/SessionProvider';
import { CmsImage } from '@/components/common/CmsImage';
import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { LoginForm } from './LoginForm';
import { LoginOffline } from './LoginOffline';
import styles from './AuthModals.module.css';

/**
 * `?modal=login` or `?modal=signin`. Links to reset and signup (spec 3 §4). The editors' custom
 * login modal (spec 3 §3) adds a panel beside the form: their picture (515x595) under their
 * headline and sub-heading.
 */
export function LoginModal({ onClose, dressing }: AuthModalProps & { dressing?: LoginModalStyle }) {
  const { session, member } = useSession();
  const router = useRouter();
  const searchParams = useSearchParams();
  // Signed in already when the modal was asked for (a bookmarked or shared ?modal=login, spec 3
  // §4): there is nothing to fill in. The member goes on to where the address says (?destination=)
  // or stays on the page; a partner redirect there (spec 3 §4: "the member is redirected to the
  // partner") is loaded by the browser, as it leaves the site. Taken once: a sign-in made in this
  // modal has its own way on (LoginForm).
  const [signedInAtOpen] = useState(() => Boolean(member));
  const goOn = useEffectEvent(() => {
    const destination = destinationOf(searchParams);
    if (destination && isPartnerRedirect(destination)) window.location.assign(destination);
    else if (destination) router.replace(destination);
    else onClose();
  });
  useEffect(() => {
    if (signedInAtOpen) goOn();
  }, [signedInAtOpen]);

  if (signedInAtOpen) return null;
  return (
    <AuthModalShell
      name="login"
      title="Log In"
      intro="Sign in with your member email address and password to see the benefits of your union."
      onClose={onClose}
      media={dressing && <LoginPanel dressing={dressing} />}
      links={
        <>
          <li>
            <ModalLink to="reset" className={styles.link}>
              Forgot your password?
            </ModalLink>
          </li>
          <li>
            New here?{' '}
            <ModalLink to="signup" className={styles.link}>
              Create your account
            </ModalLink>
          </li>
        </>
      }
    >
      {session.loginEnabled ? <LoginForm onSignedIn={onClose} /> : <LoginOffline session={session} />}
    </AuthModalShell>
  );
}

function LoginPanel({ dressing: { headline, subHeading, image } }: { dressing: LoginModalStyle }) {
  return (
    <div className={styles.panel} data-pictured={image ? '' : undefined}>
      {image && (
        <CmsImage image={image} className={styles.panelImage} fallbackSize={[515, 595]} decoding="async" />
      )}
      {(headline || subHeading) && (
        <div className={styles.panelWords}>
          {headline && <p className={styles.panelHeadline}>{headline}</p>}
          {subHeading && <p>{subHeading}</p>}
        </div>
      )}
    </div>
  );
}
