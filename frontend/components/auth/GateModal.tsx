'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import buttons from '@/components/common/ButtonLink.module.css';
import { Icon } from '@/components/icons/Icon';
import { Modal } from '@/components/modals/Modal';
import { MODAL_PARAM, modalFromParam } from '@/components/modals/modalParam';
import { ModalLink } from '@/components/modals/ModalLink';
import { useSession } from '@/components/session/SessionProvider';
import { useAuthMutationRunning } from '@/components/session/useAuthMutation';
import styles from './AuthModals.module.css';

interface GateModalProps {
  /** Defaults to 'Members only'. */
  title?: string;
  /** Defaults to a sentence saying the page is for signed-in members. */
  text?: string;
  /** The gated page's name, shown above the title with the site's mark: on a phone the gate is
   * all there is on the screen, and it must say which page it stands in front of. */
  pageTitle?: string;
}

/**
 * The gate over a page the visitor may not see (spec 1 §4). It offers to log in or sign up, which
 * open those modals on this same page (the gate steps aside while one is open and is back when it
 * closes); closing the gate goes home. The page's body must not be rendered next to it: the BFF
 * leaves it out of a gated document.
 *
 * It waits while a sign-in or sign-up runs (spec 1 §4), and lifts as soon as the session has a
 * member: the sign-in refreshes the route, and the server then renders the page itself.
 */
export function GateModal({ title = 'Members only', text, pageTitle }: GateModalProps) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const { member } = useSession();
  const signingIn = useAuthMutationRunning();
  const other = modalFromParam(searchParams.get(MODAL_PARAM));
  if (other !== null && other !== 'invalid') return null;
  if (member || signingIn) return null;

  return (
    <Modal
      name="gate"
      placement="sheet"
      title={title}
      onClose={() => router.push('/')}
      eyebrow={
        pageTitle && (
          <span className={styles.gatePage}>
            <Icon name="logo" size={28} />
            <span>{pageTitle}</span>
          </span>
        )
      }
    >
      <p className={styles.intro}>
        {text ?? 'This page is for signed-in members. Log in to see it, or create your free account.'}
      </p>
      <div className={styles.actions}>
        <ModalLink to="login" className={`${buttons.button} ${buttons.primary}`}>
          Log in
        </ModalLink>
        <ModalLink to="signup" className={`${buttons.button} ${buttons.secondary}`}>
          Sign up
        </ModalLink>
      </div>
    </Modal>
  );
}
