// Issue 37, spec 3 §3, §4 and §9: the link and menu fields the blocks and the section navigation
// read (embedded forms, linksSix, tabTitle), the vertical slider and the image styles it and the
// wide promo use.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FiftyFifty } from '@/components/blocks/FiftyFifty';
import { CategorySlider } from '@/components/blocks/Sliders';
import { TextBlock } from '@/components/blocks/TextBlock';
import { VERTICAL_SLIDER_SPEED_MS } from '@/components/blocks/VerticalSlider';
import { WidePromo } from '@/components/blocks/WidePromo';
import { SecondaryNav } from '@/components/common/SecondaryNav';
import type { Session } from '@/lib/bff/types';
import { MEMBER, SIGNED_IN, VISITOR, renderWithSession } from './session';
import { styleGuideBlock, styleGuideBlocks } from './styleGuide';

const formBlock = () => styleGuideBlocks('text_block').find((b) => b.link?.type === 'wufoo')!;

describe('an embedded form (spec 3 §4 Link field)', () => {
  it("frames the link's address with the member's union, titled for screen readers and sandboxed", () => {
    const member: Session = {
      ...SIGNED_IN,
      user: { ...MEMBER, union: { id: '12', name: 'Communications Workers of America', label: 'Communications Workers of America (CWA)' } },
    };
    renderWithSession(<TextBlock block={formBlock()} />, member);
    const frame = screen.getByTitle('Free material request form');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${formBlock().link!.url}&union=Communications%20Workers%20of%20America`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('allow')).toBe('');
  });

  it('adds no union when none is known', () => {
    renderWithSession(<TextBlock block={formBlock()} />, VISITOR);
    expect(screen.getByTitle('Free material request form').getAttribute('src')).toBe(formBlock().link!.url);
  });

  it('does not run on the server: the page is sent with the link in the frame’s place', () => {
    const client = new QueryClient();
    const html = renderToString(
      <QueryClientProvider client={client}>
        <TextBlock block={formBlock()} />
      </QueryClientProvider>,
    );
    expect(html).not.toContain('<iframe');
    expect(html).toContain('Free material request form');
  });

  it('draws a link of no type as a call to action', () => {
    const block = { ...formBlock(), link: { url: '/insurance', title: 'Compare plans' } };
    renderWithSession(<TextBlock block={block} />);
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/insurance');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('linksSix (spec 3 §3)', () => {
  it("lists a promo's six further links", () => {
    const block = styleGuideBlocks('fifty_fifty').find((b) => b.linksSix?.length)!;
    renderWithSession(<FiftyFifty block={{ ...block, linksSix: [...block.linksSix!, { url: '/x', title: 'Seventh' }] }} />);
    const list = screen.getByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]!.textContent).toBe('Auto insurance →');
    expect(links[0].getAttribute('href')).toBe('/benefits/auto-insurance');
    expect(within(list).queryByRole('link', { name: 'Seventh' })).toBeNull();
  });
});

describe('tabTitle (spec 3 §3 Navigation item)', () => {
  it('shows the shorter tab title on a section tab, the title where there is none', () => {
    render(
      <SecondaryNav
        items={[
          { id: '1002', title: 'Union Credit Card', url: '/benefits/card', weight: 0, active: true, children: [] },
          { id: '1004', title: 'Cardholder Hardship Grants', tabTitle: 'Hardship Grants', url: '/benefits/grants', weight: 1, children: [] },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'In this section' });
    expect(within(nav).getByRole('link', { name: 'Hardship Grants' }).getAttribute('href')).toBe('/benefits/grants');
    expect(within(nav).queryByText('Cardholder Hardship Grants')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Union Credit Card' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the vertical slider (spec 3 §9: 1 item, speed 900)', () => {
  it('shows one category at a time and moves it up with Next, Previous and the arrow keys', () => {
    const block = styleGuideBlock('category_slider');
    renderWithSession(<CategorySlider block={block} />);
    const slider = screen.getByRole('region', { name: 'Browse by category' });
    const slides = slider.querySelectorAll('li[aria-roledescription="slide"]');
    expect(slides).toHaveLength(block.items.length);
    // One item: only the first slide is reachable; the rest are inert.
    expect([...slides].map((s) => s.hasAttribute('inert'))).toEqual(block.items.map((_, i) => i !== 0));
    expect((slides[1] as HTMLElement).style.transform).toBe('translateY(100%)');
    expect(slider.style.getPropertyValue('--speed')).toBe(`${VERTICAL_SLIDER_SPEED_MS}ms`);
    expect(VERTICAL_SLIDER_SPEED_MS).toBe(900);

    const next = within(slider).getByRole('button', { name: 'Next' });
    const previous = within(slider).getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(slider.getAttribute('data-index')).toBe('1');
    expect((slides[0] as HTMLElement).style.transform).toBe('translateY(-100%)');
    expect((slides[1] as HTMLElement).style.transform).toBe('translateY(0%)');
    expect(slides[1].hasAttribute('inert')).toBe(false);
    expect(within(slider).getByText('2 of 5').getAttribute('aria-live')).toBe('polite');

    act(() => next.focus());
    fireEvent.keyDown(next, { key: 'End' });
    expect(slider.getAttribute('data-index')).toBe(String(block.items.length - 1));
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(next, { key: 'ArrowUp' });
    expect(slider.getAttribute('data-index')).toBe(String(block.items.length - 2));
  });

  it('draws each slide in image style 635x640, and the wide promo 1275 wide up to the 1000 px breakpoint', () => {
    const slider = styleGuideBlock('category_slider');
    const { container } = renderWithSession(<CategorySlider block={slider} />);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['635', '640']);

    const promo = styleGuideBlock('wide_promo');
    const { container: wide } = render(<WidePromo block={promo} />);
    const tablet = wide.querySelector('source[media="(max-width: 1000px)"]')!;
    expect(tablet.getAttribute('srcset')).toBe(promo.imageTablet!.url);
    expect(tablet.getAttribute('width')).toBe('1275');
  });
});
