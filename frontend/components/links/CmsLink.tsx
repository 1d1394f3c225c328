'use client';

import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import type { Link } from '@/lib/bff/types';
import { ButtonLink } from '@/components/common/ButtonLink';
import { ArrowLink, SmartLink } from '@/components/common/SmartLink';
import { useAppReady } from '@/components/providers/AppReady';
import { rememberPendingLink, signupModalUrl } from '@/lib/pendingLink';
import { rememberOpener } from '@/components/modals/opener';

interface CmsLinkProps {
  link: Link;
  className?: string;
  children?: ReactNode;
}

/**
 * A CMS link, wherever a page draws one: in a block, a hero, a page's call to action. A link the
 * BFF marks signInRequired (a [HARTFORD_PARAMS] link read by a visitor) is inert: its href is
 * '#', and a click remembers the destination and opens the signup modal by adding ?modal=signup to the current URL. It stays disabled until the app is
 * ready (spec 3 §4): before hydration, during a route change or while a task runs.
 */
export function CmsLink({ link, className, children }: CmsLinkProps) {
  const ready = useAppReady();
  if (!link.signInRequired) {
    return (
      <SmartLink link={link} className={className}>
        {children}
      </SmartLink>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!ready) return;
    rememberPendingLink({ url: link.url, target: link.target });
    rememberOpener(event.currentTarget);
    // Next's router follows native history calls (useSearchParams sees the new query), and this
    // keeps the component free of router context, so it renders anywhere, tests included.
    window.history.pushState(null, '', signupModalUrl(new URL(window.location.href)));
  };
  return (
    // eslint-disable-next-line jsx-a11y/anchor-is-valid -- the visitor's inert stand-in for a link (href '#', as above), read as the link it is once signed in
    <a href="#" className={className} onClick={onClick} data-sign-in-required="" aria-disabled={ready ? undefined : true}>
      {children ?? link.title}
    </a>
  );
}

/** A call to action drawn as a button, following the same sign-in rule as CmsLink. */
export function CmsButtonLink(props: Omit<ComponentProps<typeof ButtonLink>, 'as'>) {
  return <ButtonLink {...props} as={CmsLink} />;
}

/** A CMS link with an arrow after its words, following the same sign-in rule as CmsLink. */
export function CmsArrowLink(props: Omit<ComponentProps<typeof ArrowLink>, 'as'>) {
  return <ArrowLink {...props} as={CmsLink} />;
}
