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
    const { hero } = homePage();
    delete hero.link;
    delete hero.image;
    render(<HomeHero hero={hero} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('plays a background video over the photo as its poster, muted and without controls to unmute when silent', () => {
    const { hero } = homePage();
    const video = { url: '/files/home.webm', takeover: false, loop: true, fixedHeight: false, headlineBelow: false, hasAudio: false };
    const { container } = render(<HomeHero hero={{ ...hero, video }} />);
    const el = container.querySelector('video');
    expect(el?.getAttribute('src')).toBe('/files/home.webm');
    expect(el?.getAttribute('poster')).toBe(hero.image?.url);
    expect(el?.muted).toBe(true);
    expect(screen.queryByRole('button', { name: /sound/ })).toBeNull();
    expect(container.querySelector('section')?.hasAttribute('data-takeover')).toBe(false);
  });

  it('marks a takeover video, which puts the site in takeover mode while the page shows it', () => {
    const video = { url: '/files/home.webm', takeover: true, loop: true, fixedHeight: false, headlineBelow: false, hasAudio: true };
    const { container, unmount } = render(<HomeHero hero={{ ...homePage().hero, video }} />);
    expect(document.body.querySelector('[data-takeover]')).toBe(container.querySelector('section'));
    expect(screen.getByRole('button', { name: 'Turn sound on' })).toBeTruthy();
    unmount();
    expect(document.body.querySelector('[data-takeover]')).toBeNull();
  });

  it('shows the featured callout, titled by its headline, with its link', () => {
    const callout = {
      eyebrow: 'Hardship help',
      headline: 'Hardship grants for members facing hard times',
      description: 'One-time grants for members hit by a disability.',
      link: { url: '/hardship-help', title: 'See if you qualify' },
    };
    render(<HomeHero hero={{ ...homePage().hero, callout }} />);
    const aside = screen.getByRole('complementary', { name: callout.headline });
    expect(aside.textContent).toContain('Hardship help');
    expect(aside.textContent).toContain(callout.description);
    expect(screen.getByRole('link', { name: /See if you qualify/ }).getAttribute('href')).toBe('/hardship-help');
  });
});
