import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeHero } from '@/components/heroes/HomeHero';
import { homePage } from './examples';

describe('HomeHero', () => {
  it('makes the headline the page h1', () => {
    render(<HomeHero hero={homePage().hero} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Savings and support for every union family');
  });

  it('shows the eyebrow, description and background image', () => {
    const { hero } = homePage();
    render(<HomeHero hero={hero} />);
    expect(screen.getByText('Member benefits')).toBeTruthy();
    expect(screen.getByText(hero.description ?? '')).toBeTruthy();
    expect(screen.getByRole('img', { name: hero.image?.alt }).getAttribute('src')).toBe(hero.image?.url);
  });

  it('turns the hero link into a button-styled link', () => {
    render(<HomeHero hero={homePage().hero} />);
    const link = screen.getByRole('link', { name: /Explore your benefits/ });
    expect(link.getAttribute('href')).toBe('/union-member-benefits');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('opens an external hero link in a new tab safely', () => {
    const hero = {
      ...homePage().hero,
      link: { url: 'https://partner.example.org/offer', title: 'Partner offer', target: '_blank' as const },
    };
    render(<HomeHero hero={hero} />);
    const link = screen.getByRole('link', { name: /Partner offer/ });
    expect(link.getAttribute('href')).toBe('https://partner.example.org/offer');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('draws without link or image', () => {
    const { link: _link, image: _image, ...hero } = homePage().hero;
    render(<HomeHero hero={hero} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
