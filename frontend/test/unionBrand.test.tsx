// The CMS data of issue 37's gaps 5 to 7 as a reader sees it: the union's own branding, the
// editors' account-tab texts and the global variable's store promos, email promo, disclaimer and
// forms introduction.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UnionBrand } from '@/lib/bff/types';
import { AccountIntro, FormsIntro } from '@/components/account/AccountSection';
import { BlogSidebarSubscribe } from '@/components/blog/BlogSidebarSubscribe';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { StorePromos } from '@/components/store/StorePromos';
import { UnionIntro } from '@/components/unions/UnionIntro';
import { site } from './examples';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

const cwa: UnionBrand = {
  label: 'Communications Workers of America (CWA)',
  logo: { url: 'https://cms.test/files/unions/cwa.svg', alt: 'CWA logo', width: 200, height: 200 },
  logoLink: { url: 'https://www.example.org/unions/cwa', title: 'Visit the CWA website', target: '_blank' },
  description: '<p>Members of the Communications Workers of America can use every program.</p>',
  featuredPost: { url: '/blog/health-wellness/5530', title: 'Flu season: protect your family for less' },
};

describe('the union’s branding', () => {
  it('puts the chosen union’s logo in the header, linked to the union’s site in a new tab', () => {
    const chrome = site();
    renderWithSession(<Header productName={chrome.productName} menu={chrome.mainMenu} union={cwa} />);
    const logo = screen.getByRole('img', { name: 'Communications Workers of America (CWA)' });
    const link = logo.closest('a');
    expect(logo.getAttribute('src')).toBe('https://cms.test/files/unions/cwa.svg');
    expect(link?.getAttribute('href')).toBe('https://www.example.org/unions/cwa');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.textContent).toContain('(opens in a new tab)');
    // The site's own mark still leads home.
    expect(screen.getByRole('link', { name: 'Union Benefits' }).getAttribute('href')).toBe('/');
  });

  it('shows no union logo while no union is chosen', () => {
    const chrome = site();
    renderWithSession(<Header productName={chrome.productName} menu={chrome.mainMenu} />);
    expect(document.querySelector('[data-header-union]')).toBeNull();
  });

  it('introduces the union on its members page: logo, description and featured post', () => {
    render(<UnionIntro union={cwa} />);
    const intro = screen.getByRole('region', { name: 'About Communications Workers of America (CWA)' });
    expect(within(intro).getByRole('img', { name: 'Communications Workers of America (CWA)' })).toBeTruthy();
    expect(intro.textContent).toContain('Members of the Communications Workers of America can use every program.');
    const post = within(intro).getByRole('link', { name: /Flu season: protect your family for less/ });
    expect(post.getAttribute('href')).toBe('/blog/health-wellness/5530');
  });
});

describe('the site variables', () => {
  it('shows the editors’ intro on an account tab, else ours', () => {
    const { unmount } = render(<AccountIntro html="<p>Keep your information up to date.</p>" fallback="Ours." />);
    expect(screen.getByText('Keep your information up to date.')).toBeTruthy();
    expect(screen.queryByText('Ours.')).toBeNull();
    unmount();
    render(<AccountIntro fallback="Ours." />);
    expect(screen.getByText('Ours.')).toBeTruthy();
  });

  it('lists the store promos in order, without a link back to the store itself', () => {
    render(
      <StorePromos
        promos={[
          { eyebrow: 'Free', headline: 'Benefit brochures', description: 'Printed guides.', link: { url: '/store', title: 'Order brochures' } },
          { headline: 'Meeting kits', link: { url: '/benefits/mortgage', title: 'See the program' } },
        ]}
      />,
    );
    const promos = screen.getByRole('region', { name: 'Store promotions' });
    expect(within(promos).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Benefit brochures', 'Meeting kits']);
    expect(within(promos).getByText('Free')).toBeTruthy();
    expect(within(promos).queryByRole('link', { name: /Order brochures/ })).toBeNull();
    expect(within(promos).getByRole('link', { name: /See the program/ }).getAttribute('href')).toBe('/benefits/mortgage');
  });

  it('dresses the blog sidebar’s subscribe block in the site’s email promo', () => {
    renderWithSession(
      <BlogSidebarSubscribe
        promo={{ eyebrow: 'Stay in the loop', headline: 'Get the latest savings in your inbox', description: 'Sign up for emails.' }}
      />,
    );
    const block = screen.getByRole('region', { name: 'Get the latest savings in your inbox' });
    expect(within(block).getByText('Stay in the loop')).toBeTruthy();
    expect(within(block).getByText('Sign up for emails.')).toBeTruthy();
  });

  it('prints the disclaimer text in the footer', () => {
    const chrome = site();
    render(<Footer productName={chrome.productName} footer={{ ...chrome.footer, disclaimer: '<p>Programs are provided by independent companies.</p>' }} />);
    expect(screen.getByText('Programs are provided by independent companies.').closest('footer')).toBeTruthy();
  });

  it('introduces the grant forms on My Forms, linking to their page', () => {
    render(<FormsIntro intro={{ headline: 'Hardship help forms', text: '<p>Choose the grant that fits.</p>', landing: '/hardship-help' }} />);
    expect(screen.getByRole('heading', { name: 'Hardship help forms' })).toBeTruthy();
    expect(screen.getByText('Choose the grant that fits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /See every grant form/ }).getAttribute('href')).toBe('/hardship-help');
  });
});
