import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockList } from '@/components/blocks/BlockList';
import { ColumnsPromo, ContentCards } from '@/components/blocks/ContentCards';
import { FiftyFifty } from '@/components/blocks/FiftyFifty';
import { Icons } from '@/components/blocks/Icons';
import { GridScroll, GridSimple } from '@/components/blocks/Grids';
import { highlightWords, promoColumns, winnersColumns } from '@/components/blocks/layout';
import { Partners, SponsorGrid, WinnersGrid } from '@/components/blocks/Logos';
import { SeventyThirty } from '@/components/blocks/SeventyThirty';
import { BenefitSlider, CategorySlider, SponsorSlider } from '@/components/blocks/Sliders';
import { Sweepstakes } from '@/components/blocks/Sweepstakes';
import { Table } from '@/components/blocks/Table';
import { Testimonial } from '@/components/blocks/Testimonial';
import { ViralWidget } from '@/components/blocks/ViralWidget';
import { WidePromo } from '@/components/blocks/WidePromo';
import { BenefitPromo } from '@/components/blocks/BenefitPromo';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppReadyProvider } from '@/components/providers/AppReady';
import { styleGuideBlock, styleGuideBlocks } from './styleGuide';

const blockEl = (container: HTMLElement, type: string) => container.querySelector(`[data-block="${type}"]`);

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('column rules (spec 3 §9)', () => {
  it.each([
    [1, 2],
    [2, 2],
    [3, 3],
    [4, 2],
    [5, 3],
    [6, 3],
  ])('columns promo with %d items has %d columns', (items, columns) => {
    expect(promoColumns(items)).toBe(columns);
  });

  it.each([
    [2, 3],
    [3, 3],
    [4, 4],
    [5, 4],
  ])('winners grid with %d winners has %d columns', (winners, columns) => {
    expect(winnersColumns(winners)).toBe(columns);
  });

  it('lays the style guide columns promo (4 items) out in 2 columns, and 3 items in 3', () => {
    const block = styleGuideBlock('columns_promo');
    const { container, rerender } = render(<ColumnsPromo block={block} />);
    expect(container.querySelector('ul')?.getAttribute('data-columns')).toBe('2');
    expect(container.querySelectorAll('li')).toHaveLength(4);
    rerender(<ColumnsPromo block={{ ...block, items: block.items.slice(0, 3) }} />);
    expect(container.querySelector('ul')?.getAttribute('data-columns')).toBe('3');
  });

  it('lays icons, testimonials and featured and manual content out by the same column rule', () => {
    const columnsOf = (ui: ReactElement) => {
      const { container, unmount } = render(ui);
      const columns = container.querySelector('ul')?.getAttribute('data-columns');
      unmount();
      return columns;
    };
    const icons = styleGuideBlock('icons');
    const quotes = styleGuideBlock('testimonial');
    for (const type of ['featured_content', 'manual_content'] as const) {
      const block = styleGuideBlock(type);
      const cards = [...block.items, ...block.items, ...block.items, ...block.items];
      expect(columnsOf(<ContentCards block={{ ...block, items: cards.slice(0, 4) }} />), `${type} of 4`).toBe('2');
      expect(columnsOf(<ContentCards block={{ ...block, items: cards.slice(0, 3) }} />), `${type} of 3`).toBe('3');
    }
    const iconItems = [...icons.items, ...icons.items, ...icons.items];
    expect(columnsOf(<Icons block={{ ...icons, items: iconItems.slice(0, 1) }} />), 'icons of 1').toBe('2');
    expect(columnsOf(<Icons block={{ ...icons, items: iconItems.slice(0, 5) }} />), 'icons of 5').toBe('3');
    const quoteItems = [...quotes.items, ...quotes.items, ...quotes.items, ...quotes.items];
    expect(columnsOf(<Testimonial block={{ ...quotes, items: quoteItems.slice(0, 4) }} />), 'testimonials of 4').toBe('2');
    expect(columnsOf(<Testimonial block={{ ...quotes, items: quoteItems.slice(0, 1) }} />), 'testimonials of 1').toBe('2');
    expect(columnsOf(<Testimonial block={{ ...quotes, items: quoteItems.slice(0, 3) }} />), 'testimonials of 3').toBe('3');
  });

  it('lays 4 winners in 4 columns and 3 in 3', () => {
    const block = styleGuideBlock('winners_grid');
    const { container, rerender } = render(<WinnersGrid block={block} />);
    expect(container.querySelector('ul')?.getAttribute('data-columns')).toBe('4');
    rerender(<WinnersGrid block={{ ...block, winners: block.winners.slice(0, 3) }} />);
    expect(container.querySelector('ul')?.getAttribute('data-columns')).toBe('3');
    expect(container.querySelectorAll('li')).toHaveLength(3);
  });
});

describe('specialWords', () => {
  const marked = (text: string, words: string[]) =>
    highlightWords(text, words)
      .filter((s) => s.highlight)
      .map((s) => s.text);

  it('highlights only the numbered occurrence after a pipe', () => {
    const text = 'The union difference: your union earned these savings';
    const segments = highlightWords(text, ['union|2']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.highlight)).toEqual([{ text: 'union', highlight: true }]);
    // The highlighted run is the second "union", not the first.
    expect(segments[0]?.text).toBe('The union difference: your ');
  });

  it('highlights every occurrence without a number, whole words only, ignoring case', () => {
    expect(marked('Free help, free advice, freedom', ['free'])).toEqual(['Free', 'free']);
    expect(marked('Unions and union members', ['union'])).toEqual(['union']);
  });

  it('ignores an occurrence that does not exist and bad numbers', () => {
    expect(marked('one union', ['union|2', 'union|x', '|1', ''])).toEqual([]);
  });

  it('marks the style guide wide promo headline', () => {
    const block = styleGuideBlock('wide_promo');
    const { container } = render(<WidePromo block={block} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['union', 'savings']);
    expect(container.querySelector('h2')?.textContent).toBe(block.headline);
  });
});

describe('image side', () => {
  it.each(['left', 'right'] as const)('puts the 70/30 image on the %s', (side) => {
    const block = { ...styleGuideBlock('seventy_thirty'), imageLayout: side };
    const { container } = render(<SeventyThirty block={block} />);
    expect(blockEl(container, 'seventy_thirty')?.getAttribute('data-image-side')).toBe(side);
  });

  it.each(['left', 'right'] as const)('puts the benefit promo and sweepstakes image on the %s', (side) => {
    const { container } = render(
      <>
        <BenefitPromo block={{ ...styleGuideBlock('benefit_promo'), imageLayout: side }} />
        <Sweepstakes block={{ ...styleGuideBlock('sweepstakes'), imageLayout: side }} />
      </>,
    );
    expect(blockEl(container, 'benefit_promo')?.getAttribute('data-image-side')).toBe(side);
    expect(blockEl(container, 'sweepstakes')?.getAttribute('data-image-side')).toBe(side);
  });

  it('draws wide promo variants: image left, text only and centred', () => {
    const [withImage, textOnly] = styleGuideBlocks('wide_promo');
    const { container } = render(
      <>
        <WidePromo block={withImage!} />
        <WidePromo block={textOnly!} />
      </>,
    );
    const [a, b] = container.querySelectorAll('[data-block="wide_promo"]');
    expect(a?.getAttribute('data-image-side')).toBe('left');
    expect(a?.querySelector('img')).not.toBeNull();
    expect(b?.getAttribute('data-text-layout')).toBe('center');
    expect(b?.querySelector('img')).toBeNull();
  });
});

describe('video', () => {
  it('turns a fifty-fifty with a youTubeId into a poster with a play button, no player loaded yet', () => {
    const block = styleGuideBlocks('fifty_fifty').find((b) => b.youTubeId)!;
    const { container } = render(<FiftyFifty block={block} />);
    expect(screen.getByRole('button', { name: `Play video: ${block.headline}` })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Play video/ }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain(`/embed/${block.youTubeId}`);
    expect(screen.getByRole('button', { name: 'Mute', hidden: true })).toBeTruthy();
  });

  it('has no play button without a video', () => {
    const block = styleGuideBlocks('fifty_fifty').find((b) => !b.youTubeId)!;
    render(<FiftyFifty block={block} />);
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull();
  });
});

describe('table', () => {
  it('makes the first row the header and, with useRowHeaders, each first cell a row header', () => {
    const block = styleGuideBlock('table');
    expect(block.useRowHeaders).toBe(true);
    const { container } = render(<Table block={block} />);
    const headers = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(block.rows[0]);
    expect(container.querySelectorAll('thead th[scope="col"]')).toHaveLength(block.rows[0]!.length);
    const rowHeaders = [...container.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent);
    expect(rowHeaders).toEqual(block.rows.slice(1).map((r) => r[0]));
    expect(screen.getByRole('table', { name: block.caption })).toBeTruthy();
    expect((container.querySelector('[data-block="table"] .container > div') as HTMLElement).style.maxWidth).toBe(
      `${block.maxWidth}px`,
    );
  });

  it('keeps every body cell a data cell without useRowHeaders, and no max width without one', () => {
    const block = styleGuideBlocks('table')[1]!;
    expect(block.useRowHeaders).toBe(false);
    const { container } = render(<Table block={block} />);
    expect(container.querySelectorAll('tbody th')).toHaveLength(0);
    expect(container.querySelectorAll('tbody td')).toHaveLength((block.rows.length - 1) * block.rows[0]!.length);
    expect((container.querySelector('[data-block="table"] .container > div') as HTMLElement).style.maxWidth).toBe('');
  });
});

/** A list block drawn alone: its type, how many items it has, and where it was drawn. */
function listCase<B extends { type: string; items: unknown[] }>(block: B, draw: (block: B) => ReactElement): [string, number, HTMLElement] {
  return [block.type, block.items.length, render(draw(block)).container];
}

describe('item counts', () => {
  it('draws every item of every list block', () => {
    const cases: [string, number, HTMLElement][] = [
      listCase(styleGuideBlock('grid_simple'), (block) => <GridSimple block={block} />),
      listCase(styleGuideBlock('grid_scroll'), (block) => <GridScroll block={block} />),
      listCase(styleGuideBlock('benefit_slider'), (block) => <BenefitSlider block={block} />),
      listCase(styleGuideBlock('category_slider'), (block) => <CategorySlider block={block} />),
      listCase(styleGuideBlock('sponsor_slider'), (block) => <SponsorSlider block={block} />),
      listCase(styleGuideBlock('sponsor_grid'), (block) => <SponsorGrid block={block} />),
      listCase(styleGuideBlock('testimonial'), (block) => <Testimonial block={block} />),
    ];
    for (const [type, count, container] of cases) {
      const block = blockEl(container, type)!;
      const items = block.querySelectorAll('li');
      expect(items.length, type).toBe(count);
    }
  });

  it('shows the benefit slider images only with useImages', () => {
    const block = styleGuideBlock('benefit_slider');
    const { container, rerender } = render(<BenefitSlider block={block} />);
    expect(container.querySelectorAll('img')).toHaveLength(block.items.length);
    rerender(<BenefitSlider block={{ ...block, useImages: false }} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('sizes partner logos by section: premiere and other', () => {
    const block = styleGuideBlock('partners');
    const { container } = render(<Partners block={block} />);
    const sections = [...container.querySelectorAll('[data-size]')].map((s) => s.getAttribute('data-size'));
    expect(sections).toEqual(['premiere', 'other']);
    const premiere = container.querySelector('[data-size="premiere"] img');
    expect(premiere?.getAttribute('width')).toBe('312');
    expect(container.querySelector('[data-size="other"] img')?.getAttribute('width')).toBe('200');
  });

  it('draws featured and manual content cards with their links', () => {
    const featured = styleGuideBlock('featured_content');
    const manual = styleGuideBlock('manual_content');
    const { container } = render(
      <>
        <ContentCards block={featured} />
        <ContentCards block={manual} />
      </>,
    );
    expect(blockEl(container, 'featured_content')!.querySelectorAll('article')).toHaveLength(featured.items.length);
    expect(blockEl(container, 'manual_content')!.querySelectorAll('article')).toHaveLength(manual.items.length);
    expect(screen.getByRole('link', { name: /Five ways to cut your phone bill/ }).getAttribute('href')).toBe(
      '/blog/money-tips/cut-your-phone-bill',
    );
  });
});

describe('carousel', () => {
  it('renders a labelled, focusable scroll list with Previous and Next', () => {
    const block = styleGuideBlock('grid_simple');
    render(<GridSimple block={block} />);
    const region = screen.getByRole('region', { name: block.headline });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('data-kind')).toBe('grid');
    expect(within(region).getByRole('list').getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('button', { name: /Previous/, hidden: true }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('[HARTFORD_PARAMS] links', () => {
  it('are inert for visitors: a click remembers the destination and opens signup', () => {
    const block = styleGuideBlocks('fifty_fifty').find((b) => b.link?.signInRequired)!;
    // The link waits for the app-wide ready flag (components/providers/AppReady), as in the layout.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppReadyProvider>
          <FiftyFifty block={block} />
        </AppReadyProvider>
      </QueryClientProvider>,
    );
    const link = screen.getByRole('link', { name: /Sign up to get a quote/ });
    expect(link.getAttribute('href')).toBe('#');
    window.history.replaceState(null, '', '/style-guide?union=58');
    fireEvent.click(link);
    expect(window.location.search).toBe('?union=58&modal=signup');
    expect(JSON.parse(window.sessionStorage.getItem('pendingLink') ?? '{}')).toEqual({
      url: block.link!.url,
      target: '_blank',
    });
  });

  it('are ordinary links when no sign-in is required', () => {
    const block = styleGuideBlock('seventy_thirty');
    render(<SeventyThirty block={block} />);
    expect(screen.getByRole('link', { name: /See wireless savings|Learn about wireless savings/ }).getAttribute('href')).toBe(
      block.link!.url,
    );
  });
});

describe('viral widget', () => {
  it('keeps the vendor embed in sandboxed frames without same-origin rights', () => {
    const block = styleGuideBlock('viral_widget');
    const { container } = render(<ViralWidget block={block} pagePath="/style-guide" />);
    const frames = container.querySelectorAll('iframe');
    expect(frames.length).toBe(2);
    for (const frame of frames) {
      expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
      expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
      // A document of its own (app/embed/[kind]/[id]), not a srcdoc that would inherit the page's CSP.
      expect(frame.hasAttribute('srcdoc')).toBe(false);
    }
    const id = encodeURIComponent(block.id);
    expect(frames[0]?.getAttribute('src')).toBe(`/embed/viral-widget/${id}?path=%2Fstyle-guide`);
    expect(frames[1]?.getAttribute('src')).toBe(`/embed/viral-widget/${id}?path=%2Fstyle-guide&part=lightbox`);
    expect(container.querySelector('[data-block="viral_widget"] .container, [data-block="viral_widget"] > div')).not.toBeNull();
    expect(screen.getByRole('button', { name: block.lightboxLabel })).toBeTruthy();
  });
});

describe('BlockList placement', () => {
  it('marks blocks above the header', () => {
    const { container } = render(<BlockList blocks={[styleGuideBlock('text_block')]} pagePath="/style-guide" placement="above-header" />);
    expect(container.firstElementChild?.getAttribute('data-placement')).toBe('above-header');
  });

  it('does not need a router to render sign-in links', () => {
    const spy = vi.spyOn(console, 'error');
    render(<BlockList blocks={[styleGuideBlocks('manual_content')[0]!]} pagePath="/style-guide" />);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
