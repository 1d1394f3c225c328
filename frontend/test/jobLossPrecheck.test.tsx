import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobLossPrecheck } from '@/components/precheck/JobLossPrecheck';
import type { JobLossPrecheck as Settings } from '@/lib/bff/types';

const router = vi.hoisted(() => ({ back: vi.fn(), push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }));
vi.mock('next/navigation', async () => ({
  ...(await import('./navigationMock')).navigationMock,
  useRouter: () => router,
}));

// The job loss pre-check wizard as a member uses it (spec 2 §2, §4, §8): the words of each step,
// Continue waiting for an answer, the ineligible notices with 'apply anyway', Go back, and the
// focus on each new step's heading. The browser's clock is 15 March 2026.

const SETTINGS: Settings = {
  productName: 'Union Benefits',
  supportPhone: '800-472-2005',
  formId: 'job-loss-grant-form-union-benefits-credit-cardholders',
  documentsUrl: 'https://cms.example.org/sites/default/files/global/job-loss-supporting-documentation.pdf',
};
const FORM = '/form/job-loss-grant-form-union-benefits-credit-cardholders';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 15, 10, 0));
  Object.values(router).forEach((f) => f.mockReset());
});

afterEach(() => {
  vi.useRealTimers();
});

const heading = () => screen.getByRole('heading', { level: 2 });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const goBack = () => fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
const goOn = () => fireEvent.click(continueButton());

function pickDate(year: string, month: string, day: string) {
  const group = screen.getByRole('group', { name: 'Last day at work' });
  fireEvent.change(within(group).getByLabelText('Year'), { target: { value: year } });
  fireEvent.change(within(group).getByLabelText('Month'), { target: { value: month } });
  fireEvent.change(within(group).getByLabelText('Day'), { target: { value: day } });
}

function start() {
  render(<JobLossPrecheck precheck={SETTINGS} />);
  fireEvent.click(screen.getByRole('button', { name: "Let's get started" }));
}

const notice = () => screen.getByRole('status');

describe('JobLossPrecheck', () => {
  it('introduces the grant and its rules at step 1 of 5, without moving the focus', () => {
    render(<JobLossPrecheck precheck={SETTINGS} />);
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(heading().textContent).toBe('Lost your job, or been furloughed or laid off?');
    expect(screen.getByText(/at least 45 consecutive days because of an involuntary job loss, furlough or layoff within the past 24 months/)).toBeTruthy();
    expect(screen.getByText(/held a Card or Personal Loan for at least 3 months/)).toBeTruthy();
    expect(screen.getByRole('button', { name: "Let's get started" })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('goes to the previous page from step 1, or home when there is none', () => {
    render(<JobLossPrecheck precheck={SETTINGS} />);
    goBack();
    expect(router.push).toHaveBeenCalledWith('/');
    window.history.pushState({}, '', '/job-loss-grant');
    goBack();
    expect(router.back).toHaveBeenCalledTimes(1);
  });

  it('walks the eligible path to the form, with the dates computed from the last day at work', () => {
    start();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(heading().textContent).toBe('When was your last day at work?');
    expect(document.activeElement).toBe(heading());
    expect(continueButton()).toHaveProperty('disabled', true);

    pickDate('2026', '1', '15'); // 59 days ago
    expect(continueButton()).toHaveProperty('disabled', false);
    expect(notice().textContent).toBe('');
    goOn();

    expect(heading().textContent).toBe('Are you a Union Benefits Credit Card or Teamster Privilege Credit Card cardholder?');
    expect(document.activeElement).toBe(heading());
    expect(screen.getByRole('group', { name: /Are you a Union Benefits Credit Card/ })).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    goOn();

    expect(heading().textContent).toBe('Have you held your card since October 17, 2025?');
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    goOn();

    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    expect(heading().textContent).toBe('You can apply for the grant');
    expect(screen.getByText(/still out of work on March 01, 2026, 45 days after your last day at work/)).toBeTruthy();
    expect(screen.getByText(/Support of your last day at work/)).toBeTruthy();
    expect(screen.getByText('Questions about the grant? Call us at 800-472-2005.')).toBeTruthy();
    const pdf = screen.getByRole('link', { name: /Supporting documentation requirements \(PDF\)/ });
    expect(pdf.getAttribute('href')).toBe(SETTINGS.documentsUrl);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(FORM);
  });

  it('under 45 days: not eligible, come back on the 45th day, apply anyway', () => {
    start();
    pickDate('2026', '1', '30'); // 44 days ago
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(notice().textContent).toContain(
      'You are not currently eligible. Based on preliminary responses, you may not be eligible for the grant',
    );
    expect(notice().textContent).toContain('Please come back on or after March 16, 2026.');
    const anyway = within(notice()).getByRole('link', { name: 'apply anyway' });
    expect(anyway.getAttribute('href')).toBe(FORM);

    pickDate('2026', '1', '29'); // 45 days ago
    expect(notice().textContent).toBe('');
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('over 730 days: not eligible, the 24-month rule', () => {
    start();
    pickDate('2024', '3', '14'); // 731 days ago
    expect(notice().textContent).toContain('You are not currently eligible.');
    expect(notice().textContent).toContain('The date of job loss must have occurred within the last 24 months.');
    expect(continueButton()).toHaveProperty('disabled', true);
    pickDate('2024', '3', '15'); // 730 days ago
    expect(notice().textContent).toBe('');
  });

  it('a No at the card or held-since step is not eligible; step 4 gives the support line', () => {
    start();
    pickDate('2026', '1', '15');
    goOn();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(notice().textContent).toContain('You are not currently eligible.');
    expect(notice().textContent).toContain('The grant is for Union Benefits Credit Card and Teamster Privilege Credit Card cardholders.');
    expect(within(notice()).getByRole('link', { name: 'apply anyway' }).getAttribute('href')).toBe(FORM);
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(notice().textContent).toBe('');
    goOn();

    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(notice().textContent).toContain('You are not currently eligible.');
    expect(notice().textContent).toContain('Please call us at 800-472-2005');
    expect(within(notice()).getByRole('link', { name: 'apply anyway' })).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('going back clears the answer, the date selectors and the notice, and focuses the heading', () => {
    start();
    pickDate('2026', '1', '15');
    goOn();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    goBack();
    expect(heading().textContent).toBe('When was your last day at work?');
    expect(document.activeElement).toBe(heading());
    expect(notice().textContent).toBe('');
    const group = screen.getByRole('group', { name: 'Last day at work' });
    expect((within(group).getByLabelText('Month') as HTMLSelectElement).value).toBe('');
    expect((within(group).getByLabelText('Day') as HTMLSelectElement).value).toBe('');
    expect((within(group).getByLabelText('Year') as HTMLSelectElement).value).toBe('');
    expect(continueButton()).toHaveProperty('disabled', true);

    pickDate('2026', '3', '1');
    expect(notice().textContent).toContain('You are not currently eligible.');
    goBack();
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'apply anyway' })).toBeNull();
  });

  it('leaves the PDF link out when the CMS has none', () => {
    render(<JobLossPrecheck precheck={{ ...SETTINGS, documentsUrl: undefined }} />);
    fireEvent.click(screen.getByRole('button', { name: "Let's get started" }));
    pickDate('2026', '1', '15');
    goOn();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    goOn();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    goOn();
    expect(heading().textContent).toBe('You can apply for the grant');
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
  });
});
