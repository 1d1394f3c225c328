import NextLink from 'next/link';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { FooterGroups } from '@/components/layout/FooterGroups';
import { NotInPopup } from '@/components/layout/NotInPopup';
import { site } from './examples';

// Issue 38, goal 2: what the server hands a client component is written into the page (the inline
// React payload) beside the markup the component draws. These tests expand the footer as the server
// does (calling its server components) and look at what reaches the client components.

/** The client components the footer draws; everything else it calls is a server component. */
const CLIENT = new Set<unknown>([NextLink, NotInPopup, FooterGroups]);

type Props = Record<string, unknown> & { children?: ReactNode };

/**
 * Every element the server would write into the payload (HTML elements and client components,
 * with their props), server components called as the server calls them.
 */
function writtenElements(node: ReactNode, found: ReactElement<Props>[] = []): ReactElement<Props>[] {
  if (Array.isArray(node)) {
    for (const child of node) writtenElements(child as ReactNode, found);
    return found;
  }
  if (!isValidElement<Props>(node)) return found;
  if (typeof node.type === 'function' && !CLIENT.has(node.type)) {
    return writtenElements((node.type as (props: Props) => ReactNode)(node.props), found);
  }
  found.push(node);
  writtenElements(node.props.children, found);
  return found;
}

function footerElements() {
  const chrome = site();
  return { chrome, elements: writtenElements(Footer({ productName: chrome.productName, footer: chrome.footer })) };
}

describe('what the footer hands its client components', () => {
  it('gives the benefit groups as data: titles and addresses, no drawn headings or lists', () => {
    const { chrome, elements } = footerElements();
    const groups = elements.filter((e) => e.type === FooterGroups);
    expect(groups).toHaveLength(1);
    const props = groups[0]?.props ?? {};
    // Plain data survives a JSON round trip unchanged; a React element would not.
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props.groups).toEqual(
      chrome.footer.groups.map(({ title, url, links }) => ({
        title,
        ...(url && { url }),
        links: links.map(({ title: t, url: u, target }) => ({ title: t, url: u, ...(target && { target }) })),
      })),
    );
  });

  it('sets no prop to undefined (each would be written into the page as "$undefined")', () => {
    const { elements } = footerElements();
    for (const element of elements) {
      for (const [name, value] of Object.entries(element.props)) {
        const type = typeof element.type === 'string' ? element.type : (element.type as { name?: string }).name;
        expect(value === undefined ? `${type} ${name}` : null).toBeNull();
      }
    }
  });
});
