import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open, registerMember } from './members';

// The credit-card benefit (union_structure_global's credit_card_benefit) shows the reader's own
// union's edition of the card: its picture and where to apply for it (the union's
// creditCardImage and creditCardLink, spec 3 §3).

const CARD_PAGE = '/benefits/union-plus-credit-card';

for (const viewport of [DESKTOP, PHONE]) {
  test(`a visitor who chose their union sees that union's card at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, `${CARD_PAGE}?union=44`);
    const band = page.getByRole('region', { name: 'The IBEW edition' });
    await expect(band).toBeVisible();
    const card = band.getByRole('img', { name: 'The IBEW edition of the union credit card' });
    await expect(card).toBeVisible();
    expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const apply = band.getByRole('link', { name: /Apply for the IBEW card/ });
    await expect(apply).toHaveAttribute('href', 'https://apply.example.org/union-card?union=ibew');
    await expect(apply).toHaveAttribute('target', '_blank');
    const box = (await band.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('a member sees their own union’s card; other pages and unions without a card show none', async ({ page }) => {
  await registerMember(page.request); // a CWA member
  await open(page, CARD_PAGE);
  await expect(page.getByRole('region', { name: 'The CWA edition' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Apply for the CWA card/ })).toHaveAttribute(
    'href',
    'https://apply.example.org/union-card?union=cwa',
  );
  await open(page, '/benefits/personal-loans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-union-card]')).toHaveCount(0);
});

test('a visitor whose union has no card, or who chose none, sees the page without one', async ({ page }) => {
  await open(page, `${CARD_PAGE}?union=45`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-union-card]')).toHaveCount(0);
  await page.context().clearCookies();
  await open(page, CARD_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-union-card]')).toHaveCount(0);
});
