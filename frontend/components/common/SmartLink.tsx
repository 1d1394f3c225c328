import NextLink from 'next/link';
import type { ReactNode } from 'react';
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
  const ariaCurrent = current ? 'page' : undefined;
  if (isInternalUrl(link.url) && link.target !== '_blank') {
    return (
      <NextLink href={link.url} className={className} onClick={onClick} aria-current={ariaCurrent}>
        {content}
      </NextLink>
    );
  }
  const newTab = link.target === '_blank';
  return (
    <a
      href={link.url}
      className={className}
      onClick={onClick}
      aria-current={ariaCurrent}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {content}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
