import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FiftyFifty } from '@/components/blocks/FiftyFifty';
import { exampleBlock } from './examples';

describe('FiftyFifty', () => {
  it.each(['left', 'right'] as const)('puts the image on the %s', (side) => {
    const block = { ...exampleBlock('fifty_fifty'), imageLayout: side };
    const { container } = render(<FiftyFifty block={block} />);
    expect(container.querySelector('[data-block="fifty_fifty"]')?.getAttribute('data-image-side')).toBe(side);
  });

  it('shows the headline, the image with its alt text and the link', () => {
    const block = exampleBlock('fifty_fifty');
    render(<FiftyFifty block={block} />);
    expect(screen.getByRole('heading', { level: 2, name: block.headline })).toBeTruthy();
    expect(screen.getByRole('img', { name: block.image?.alt }).getAttribute('src')).toBe(block.image?.url);
    expect(screen.getByRole('link', { name: /See the card/ }).getAttribute('href')).toBe('/benefits/union-plus-credit-card');
  });

  it('spans the full width without an image', () => {
    const block = exampleBlock('fifty_fifty');
    delete block.image;
    const { container } = render(<FiftyFifty block={block} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-has-image]')).toBeNull();
  });
});
