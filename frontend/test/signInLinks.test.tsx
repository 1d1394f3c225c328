import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeHero } from '@/components/heroes/HomeHero';
import { PageHero } from '@/components/heroes/PageHero';
import { BenefitMedia } from '@/components/page/BenefitMedia';
import { AppReadyProvider } from '@/components/providers/AppReady';
import type { Link } from '@/lib/bff/types';
import { homePage } from './examples';

// Spec 3 §4 'Link field': every CMS link the BFF marks signInRequired (a [HARTFORD_PARAMS] link
// read by a visitor) is inert and opens signup, not only the blocks' links.
const quote: Link = {
  url: 'https://partner.example.com/quote?[HARTFORD_PARAMS]',
  title: 'Get a quote',
  target: '_blank',
  signInRequired: true,
};

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function expectInert(name: RegExp) {
  const link = screen.getByRole('link', { name });
  expect(link.getAttribute('href')).toBe('#');
  window.history.replaceState(null, '', '/insurance');
  fireEvent.click(link);
  expect(window.location.search).toBe('?modal=signup');
  expect(JSON.parse(window.sessionStorage.getItem('pendingLink') ?? '{}')).toEqual({ url: quote.url, target: '_blank' });
}

// The links wait for the app-wide ready flag, as in the layout.
const ready = (ui: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppReadyProvider>{ui}</AppReadyProvider>
    </QueryClientProvider>,
  );

describe('[HARTFORD_PARAMS] links outside blocks', () => {
  it("are inert in the home hero", () => {
    const { hero } = homePage();
    ready(<HomeHero hero={{ ...hero, link: quote }} />);
    expectInert(/Get a quote/);
  });

  it("are inert among a page hero's links", () => {
    const { hero } = homePage();
    ready(
      <PageHero
        hero={{ ...hero, variant: 'text', link: { url: '/contact-us', title: 'Ask us' }, links: [{ ...quote, title: 'Quote now' }] }}
      />,
    );
    expect(screen.getByRole('link', { name: /Ask us/ }).getAttribute('href')).toBe('/contact-us');
    expectInert(/Quote now/);
  });

  it("are inert as a benefit page's call to action", () => {
    ready(<BenefitMedia optionalCta={quote} />);
    expectInert(/Get a quote/);
  });
});
