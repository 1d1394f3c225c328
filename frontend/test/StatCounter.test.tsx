import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCounter } from '@/components/blocks/StatCounter';
import { formatNumber } from '@/lib/format';
import { exampleBlock } from './examples';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1250, '1,250'],
    [28000, '28,000'],
    [4500000, '4,500,000'],
  ])('formats %d as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('StatCounter', () => {
  it('renders the final number with thousand separators and its description', () => {
    const block = exampleBlock('stat_counter');
    render(<StatCounter block={block} />);
    expect(screen.getByText('4,500,000')).toBeTruthy();
    expect(screen.getByText(block.description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About the program' }).getAttribute('href')).toBe('/about');
  });
});
