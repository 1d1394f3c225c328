import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockList } from '@/components/blocks/BlockList';
import type { Block } from '@/lib/bff/types';
import { exampleBlock, homePage } from './examples';
import { renderWithSession } from './session';
import { styleGuidePage } from './styleGuide';

describe('BlockList', () => {
  it('draws every block of the home example with its own component', () => {
    const { container } = render(<BlockList blocks={homePage().blocks} pagePath="/" />);
    const drawn = [...container.querySelectorAll('[data-block]')].map((el) => el.getAttribute('data-block'));
    expect(drawn).toEqual([
      'stat_counter',
      'stat_counter',
      'stat_counter',
      'fifty_fifty',
      'icons',
      'fifty_fifty',
      'text_block',
      'wide_promo',
      'testimonial',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Help when you need it most' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Free printed materials for your local' })).toBeTruthy();
  });

  it('draws neighbouring stat counters as one band', () => {
    const { container } = render(<BlockList blocks={homePage().blocks} pagePath="/" />);
    const stats = container.querySelectorAll('[data-block="stat_counter"]');
    expect(stats).toHaveLength(3);
    expect(stats[0]?.parentElement).toBe(stats[2]?.parentElement);
  });

  it('renders nothing for a block type it does not know', () => {
    const unknown = { type: 'carousel', id: 'x1', slides: [] } as unknown as Block;
    const { container } = render(<BlockList blocks={[unknown]} pagePath="/" />);
    expect(container.querySelector('[data-block]')).toBeNull();
    expect(container.querySelector('[data-reveal]')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('skips an unknown block but keeps the ones around it', () => {
    const unknown = { type: 'carousel', id: 'x1' } as unknown as Block;
    const text = exampleBlock('text_block');
    const { container } = render(<BlockList blocks={[unknown, text]} pagePath="/" />);
    expect([...container.querySelectorAll('[data-block]')].map((el) => el.getAttribute('data-block'))).toEqual([
      'text_block',
    ]);
  });

  it('draws every block type of the style guide, each once or more, in order', () => {
    const page = styleGuidePage();
    // With the app's session providers: the style guide's embedded form reads the member's union.
    const { container } = renderWithSession(<BlockList blocks={page.blocks} pagePath={page.path} />);
    const drawn = [...container.querySelectorAll('[data-block]')].map((el) => el.getAttribute('data-block'));
    expect(drawn).toEqual(page.blocks.map((b) => b.type));
    expect(new Set(drawn).size).toBe(22);
  });

  it('renders nothing for an empty list', () => {
    const { container } = render(<BlockList blocks={[]} pagePath="/" />);
    expect(container.innerHTML).toBe('');
  });
});
