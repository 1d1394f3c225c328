'use client';

import NextLink from 'next/link';
import { Suspense } from 'react';
import { ModalLink } from '@/components/modals/ModalLink';
import { MODAL_VALUES } from '@/components/modals/modalParam';
import { useSession } from '@/components/session/SessionProvider';
import { useSignOut } from './useSignOut';
import styles from './AccountMenu.module.css';

type Variant = 'bar' | 'panel';

interface AccountMenuProps {
  /** `bar`: the header row on wide screens; `panel`: inside the mobile menu. */
  variant: Variant;
  /** The bar steps aside at 1000px and below when the mobile menu carries the panel instead. */
  hasMobileMenu?: boolean;
}

/**
 * The header's account area: 'Log in' and 'Sign up' for a visitor (they open the modals on this
 * page), 'My Account' and 'Log out' for a member. It follows the session query, so it changes the
 * moment a sign-in or sign-out answers.
 */
export function AccountMenu({ variant, hasMobileMenu = false }: AccountMenuProps) {
  const { member } = useSession();
  return (
    <div className={styles[variant]} data-with-mobile-menu={hasMobileMenu || undefined}>
      {member ? (
        <MemberLinks uid={member.uid} />
      ) : (
        // The modal links keep the rest of the query, which needs the search params; before they
        // are known (a static shell) plain links open the same modals.
        <Suspense fallback={<PlainVisitorLinks />}>
          <VisitorLinks />
        </Suspense>
      )}
    </div>
  );
}

function VisitorLinks() {
  return (
    <>
      <ModalLink to="login" className={styles.link}>
        Log in
      </ModalLink>
      <ModalLink to="signup" className={`${styles.link} ${styles.primary}`}>
        Sign up
      </ModalLink>
    </>
  );
}

/** The same links without the rest of the query, for the moment before the search params. */
function PlainVisitorLinks() {
  return (
    <>
      <a href={`?modal=${MODAL_VALUES.login}`} className={styles.link}>
        Log in
      </a>
      <a href={`?modal=${MODAL_VALUES.signup}`} className={`${styles.link} ${styles.primary}`}>
        Sign up
      </a>
    </>
  );
}

function MemberLinks({ uid }: { uid: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <>
      <NextLink href={`/account/${encodeURIComponent(uid)}`} className={styles.link}>
        My Account
      </NextLink>
      <button
        type="button"
        className={`${styles.link} ${styles.secondary}`}
        onClick={signOut}
        aria-busy={pending || undefined}
      >
        Log out
      </button>
    </>
  );
}
