import NextLink from 'next/link';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
import type { Link } from '@/lib/bff/types';

/** Site-relative URLs navigate inside the app; anything else is a plain link to another site. */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

interface SmartLinkProps {
  link: Link;
  className?: string;
  children?: ReactNode;
  onClick?: () => void;
  /** Marks the link to the page being shown, for menus. */
  current?: boolean;
}

export function SmartLink({ link, className, children, onClick, current }: SmartLinkProps) {
  const content = children ?? link.title;
  const ariaCurrent = current ? ('page' as const) : undefined;
  if (isInternalUrl(link.url) && link.target !== '_blank') {
    // Only the props that are set: drawn by a server component, each prop of this client component
    // is written into the page, an unset one as "$undefined", on every link of the menus and footer.
    const optional = {
      ...(className && { className }),
      ...(onClick && { onClick }),
      ...(current && { 'aria-current': 'page' as const }),
    };
    return (
      <NextLink href={link.url} {...optional}>
        {content}
      </NextLink>
    );
  }
  const newTab = link.target === '_blank';
  // As above: only the props that are set.
  const optional: AnchorHTMLAttributes<HTMLAnchorElement> = {
    ...(className && { className }),
    ...(onClick && { onClick }),
    ...(ariaCurrent && { 'aria-current': ariaCurrent }),
    ...(newTab && { target: '_blank', rel: 'noopener noreferrer' }),
  };
  return (
    <a href={link.url} {...optional}>
      {content}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

/** What draws a CMS link: SmartLink, or one of the same props with a rule of its own (CmsLink). */
export type LinkComponent = ComponentType<{ link: Link; className?: string; children?: ReactNode }>;

interface ArrowLinkProps {
  link: Link;
  className?: string;
  /** The link's words; the link's own title when absent. */
  label?: string;
  /** What draws the link; SmartLink unless the caller has its own. */
  as?: LinkComponent;
}

/** A link's words followed by an arrow that screen readers skip. */
export function ArrowLink({ link, className, label, as: Anchor = SmartLink }: ArrowLinkProps) {
  return (
    <Anchor link={link} className={className}>
      {label ?? link.title}
      <span aria-hidden="true"> →</span>
    </Anchor>
  );
}
