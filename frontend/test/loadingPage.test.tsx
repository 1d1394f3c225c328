import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoadingPage, { metadata } from '@/app/(site)/loading/page';
import { APP_ROUTES } from '@/lib/missingPage';

// The /loading route of spec 1 §2's route table: a page of its own (not a CMS page the BFF is
// asked for), saying only that the site is loading, kept out of search engines.
describe('/loading', () => {
  it('is one of the app routes, so the proxy never asks the BFF for it', () => {
    expect(APP_ROUTES).toContain('loading');
  });

  it('says it is loading, to eyes and to screen readers', () => {
    render(<LoadingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(metadata.robots).toEqual({ index: false, follow: false });
  });
});
