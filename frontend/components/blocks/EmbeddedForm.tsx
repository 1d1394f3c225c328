'use client';

import type { Link } from '@/lib/bff/types';
import { useSession } from '@/components/session/SessionProvider';
import { SmartLink } from '@/components/common/SmartLink';
import { useHydrated } from '@/lib/useHydrated';
import styles from './TextBlock.module.css';

/**
 * The sandbox of an embedded form's frame: the form host's own scripts and its submit, and links
 * it opens in a new window. allow-same-origin keeps the form host's own origin (its scripts post
 * back to it); the frame is another site, so that grants it nothing of this one.
 */
export const FORM_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * The frame source of an embedded form (spec 3 §4): the link's address with &union={urlencoded
 * union} when the reader's union is known.
 */
export function embeddedFormSrc(url: string, union: string | undefined): string {
  if (!union) return url;
  return `${url}${url.includes('?') ? '&' : '?'}union=${encodeURIComponent(union)}`;
}

/**
 * A link of the embedded-form type (the BFF sends it only for the site's form host, the one the
 * Content-Security-Policy frames): the form in a frame, 800 px wide at most (spec 3 §9). It does
 * not run on the server (spec 3 §4): the union comes from the browser's session, so the server
 * and the first render show the link in the frame's place, which also serves a browser without
 * JavaScript.
 */
export function EmbeddedForm({ link }: { link: Link }) {
  const hydrated = useHydrated();
  const { member } = useSession();
  if (!hydrated) {
    return (
      <div className={styles.formFrame} data-embedded-form="">
        <SmartLink link={link} />
      </div>
    );
  }
  return (
    <iframe
      className={styles.formFrame}
      data-embedded-form=""
      src={embeddedFormSrc(link.url, member?.union?.name)}
      title={link.title}
      sandbox={FORM_SANDBOX}
      // No powerful feature (camera, payment, ...) for the form host.
      allow=""
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
