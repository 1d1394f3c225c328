'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { accountApi, partnersApi } from '@/lib/bff/browser';
import { partnerKey } from '@/lib/bff/queries';
import type { PartnerDocument } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { originOf, partnerMessage, POST_DELAY_MS, postToAllowedOrigins, tokenMessage, unloadMessage } from '@/lib/partners';
import { LoginForm } from '@/components/auth/LoginForm';
import { FormAlert } from '@/components/forms/fields';
import { RichText } from '@/components/common/RichText';
import { ModalLink } from '@/components/modals/ModalLink';
import { useSession } from '@/components/session/SessionProvider';
import { TaskButton } from '@/components/common/ButtonLink';
import buttons from '@/components/common/ButtonLink.module.css';
import styles from './PartnerLogin.module.css';

type Opener = 'checking' | 'present' | 'missing';

/**
 * The partner popup's steps (spec 1 §2 'Partner login', §4 'Partner connect'): sign in, verify the
 * email, allow the partner, then the token goes to the opener and the page says so. Which step
 * shows follows from the BFF's document for this reader, so a reload, a sign-in in another tab or
 * a link followed from the verification email all land on the right one.
 */
export function PartnerLogin({ initial }: { initial: PartnerDocument }) {
  const { member } = useSession();
  const uid = member?.uid;
  // The server rendered the document for the reader it saw; a sign-in or out since asks again.
  const [renderedFor] = useState(initial.member ? uid : undefined);
  const doc = useQuery({
    queryKey: partnerKey(initial.id, uid),
    queryFn: () => partnersApi.document(initial.id),
    initialData: uid === renderedFor ? initial : undefined,
    staleTime: Infinity,
  });
  const partner = doc.data ?? initial;

  const [opener, setOpener] = useState<Opener>('checking');
  useEffect(() => {
    // Only the browser knows; until it has looked, the page shows nothing it may have to take back.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- window.opener, read once hydrated so the server's HTML is what hydrates
    setOpener(window.opener && !window.opener.closed ? 'present' : 'missing');
  }, []);

  // Closing the page before the token went sends upUnload, so the partner can stop waiting.
  const posted = useRef(false);
  useEffect(() => {
    if (opener !== 'present') return;
    const onHide = () => {
      if (!posted.current && window.opener) postToAllowedOrigins(window.opener, partner.allowedOrigins, unloadMessage());
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [opener, partner.allowedOrigins]);

  let body;
  if (opener === 'checking') {
    body = <p className={styles.text}>{partnerMessage('proceedingText')}</p>;
  } else if (opener === 'missing') {
    body = <ErrorText text={partnerMessage('noOpener')} />;
  } else if (!partner.loginEnabled) {
    body = (
      <p className={styles.text} data-testid="login-offline">
        {partner.loginOfflineMessage}
      </p>
    );
  } else if (!member || !partner.member) {
    body = doc.isFetching ? <p className={styles.text}>{partnerMessage('proceedingText')}</p> : <SignIn />;
  } else if (!partner.member.emailVerified) {
    body = <VerifyEmail partner={partner} uid={member.uid} />;
  } else if (!partner.member.confirmed) {
    body = <Confirm partner={partner} uid={member.uid} />;
  } else {
    body = <Proceed partner={partner} uid={member.uid} onPosted={() => (posted.current = true)} />;
  }

  return (
    <div className={styles.popup}>
      <div className={styles.partner}>
        {partner.logo && (
          // eslint-disable-next-line @next/next/no-img-element -- a partner's logo, from its own host: the deployment runs no image optimizer
          <img className={styles.logo} src={partner.logo} alt="" width={56} height={56} />
        )}
        <p className={styles.partnerName}>{partner.name}</p>
      </div>
      {body}
    </div>
  );
}

function ErrorText({ text, detail }: { text: string; detail?: string }) {
  return (
    <div role="alert" className={styles.error}>
      <h1 className={styles.title}>{text}</h1>
      {detail && <p className={styles.text}>{detail}</p>}
    </div>
  );
}

/** The login form with the ways to reset a password or sign up (the site's modals, in the popup). */
function SignIn() {
  return (
    <>
      <h1 className={styles.title}>Log In</h1>
      <LoginForm onSignedIn={() => undefined} />
      <ul className={styles.links}>
        <li>
          <ModalLink to="reset" className={styles.link}>
            Forgot password
          </ModalLink>
        </li>
        <li>
          <ModalLink to="signup" className={styles.link}>
            Sign up
          </ModalLink>
        </li>
      </ul>
    </>
  );
}

/** Keeps each member's automatic verification email to one per tab (spec 1 §4: sent once). */
const SENT_KEY = (uid: string) => `partnerVerificationSent:${uid}`;

function VerifyEmail({ partner, uid }: { partner: PartnerDocument; uid: string }) {
  const client = useQueryClient();
  const [sent, setSent] = useState(false);
  const [notYet, setNotYet] = useState(false);
  // The emailed link offers the way back to this popup's page (spec 1 §7 {url}).
  const send = useBffMutation({
    mutationFn: () => accountApi.sendVerification(`/login/partner/${encodeURIComponent(partner.id)}`),
    onSuccess: () => setSent(true),
  });
  const recheck = useBffMutation({
    mutationFn: () => partnersApi.document(partner.id),
    onSuccess: (fresh) => {
      client.setQueryData(partnerKey(partner.id, uid), fresh);
      setNotYet(!fresh.member?.emailVerified);
    },
  });

  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(SENT_KEY(uid))) {
        // eslint-disable-next-line react-hooks/set-state-in-effect -- whether this tab has sent is in sessionStorage, read by the effect that would send
        setSent(true);
        return;
      }
      window.sessionStorage.setItem(SENT_KEY(uid), '1');
    } catch {
      // Storage blocked: send anyway; at worst a reload sends one more.
    }
    void send.run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member and tab; send is a new object on every render
  }, [uid]);

  return (
    <>
      <h1 className={styles.title}>{partnerMessage('verifyTitle')}</h1>
      <p className={styles.text}>{partnerMessage('verifyText', { email: partner.member?.email ?? '' })}</p>
      <FormAlert message={notYet ? partnerMessage('unverified') : recheck.error?.detail} />
      <TaskButton task={recheck} className={styles.action}>
        {partnerMessage('verifiedButton')}
      </TaskButton>
      <p className={styles.text}>
        {partnerMessage('didntReceive')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void send.run()} disabled={send.pending}>
          {sent ? partnerMessage('resendVerification') : partnerMessage('sendVerification')}
        </button>
      </p>
      <p role="status" className={styles.note}>
        {sent && !send.pending ? partnerMessage('verificationSent', { email: partner.member?.email ?? '' }) : ''}
      </p>
      {send.error && <FormAlert message={send.error.detail} />}
    </>
  );
}

function Confirm({ partner, uid }: { partner: PartnerDocument; uid: string }) {
  const client = useQueryClient();
  const connect = useBffMutation({
    mutationFn: () => partnersApi.connect(partner.id),
    onSuccess: () =>
      client.setQueryData<PartnerDocument>(partnerKey(partner.id, uid), (d) =>
        d && d.member ? { ...d, member: { ...d.member, confirmed: true } } : d,
      ),
  });
  return (
    <>
      {/* The partner record's own title, or spec 1 §8's words when its record has none. */}
      <h1 className={styles.title}>{partner.confirmationTitle || partnerMessage('confirmationRequired', { partner: partner.name })}</h1>
      {partner.confirmationDisclaimer && <RichText html={partner.confirmationDisclaimer} className={styles.disclaimer} />}
      <FormAlert message={connect.error?.detail} />
      <TaskButton task={connect} className={styles.action}>
        {partnerMessage('continue')}
      </TaskButton>
    </>
  );
}

/**
 * Asks for the token once, posts it to the opener at each of the partner's allowed origins, and
 * says it is done POST_DELAY_MS later (spec 1 §4). A refusal sends the popup back a step: the BFF
 * is the judge of the email and the consent.
 */
function Proceed({ partner, uid, onPosted }: { partner: PartnerDocument; uid: string; onPosted: () => void }) {
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  const token = useBffMutation({
    mutationFn: () => partnersApi.token(partner.id, document.referrer ? (originOf(document.referrer) ?? undefined) : undefined),
    onSuccess: async ({ token }) => {
      if (window.opener) postToAllowedOrigins(window.opener, partner.allowedOrigins, tokenMessage(token));
      onPosted();
      await new Promise((resolve) => window.setTimeout(resolve, POST_DELAY_MS));
      setDone(true);
    },
    onError: (error) => {
      if (error.status === 403 || error.status === 409) void client.invalidateQueries({ queryKey: partnerKey(partner.id, uid) });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void token.run();
  }, [token]);

  if (done) {
    return (
      <div role="status">
        <h1 className={styles.title}>{partnerMessage('doneTitle')}</h1>
        <p className={styles.text}>{partnerMessage('doneText')}</p>
      </div>
    );
  }
  if (token.error && token.error.status !== 403 && token.error.status !== 409) {
    return (
      <>
        <ErrorText text={token.error.detail || partnerMessage('authServerError')} />
        <button type="button" className={`${buttons.button} ${buttons.secondary} ${styles.action}`} onClick={() => void token.run()}>
          Try again
        </button>
      </>
    );
  }
  return (
    <div role="status" aria-busy="true">
      <h1 className={styles.title}>{partnerMessage('proceedingTitle')}</h1>
      <p className={styles.text}>{partnerMessage('proceedingText')}</p>
    </div>
  );
}
