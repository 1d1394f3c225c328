'use client';

import { useState, type ReactNode } from 'react';
import { useSession } from '@/components/session/SessionProvider';
import { MailingForm } from './MailingForm';
import type { MailingSource } from './mailingForm';

interface MailingPromoProps {
  source: MailingSource;
  defaultUnion?: string;
  layout?: 'row' | 'stack';
  tone?: 'light' | 'dark';
  /** The promo's box and the id of its heading, which names it. */
  className?: string;
  labelledBy: string;
  /** The promo's heading and words, above the form. */
  children: ReactNode;
}

/**
 * A sign-up promo that hides for readers already on the list (spec 3 §2, §6: the home promo and
 * the blog sidebar block): the session's emailSubscribed, a member's emailOpt or a visitor's
 * cookie. The one that has just signed someone up stays to show its thanks.
 */
export function MailingPromo({ source, defaultUnion, layout, tone, className, labelledBy, children }: MailingPromoProps) {
  const { session } = useSession();
  const [thanking, setThanking] = useState(false);
  if (session.emailSubscribed && !thanking) return null;
  return (
    <section className={className} aria-labelledby={labelledBy} data-mailing-promo={source}>
      {children}
      <MailingForm source={source} defaultUnion={defaultUnion} layout={layout} tone={tone} onSubscribed={() => setThanking(true)} />
    </section>
  );
}
