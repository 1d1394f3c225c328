import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { CAR_BUYING_PATH, carSearchBlock, catchPricingSite, searchPrices, skipLightbox } from './carSearchPage';

// The car-pricing search block (spec 3 §2, §5, §7) on the car-buying benefit, with the fixture
// CMS's makes (fixtures/cms/truecar-make.json), the pricing site answered locally.
const PATH = CAR_BUYING_PATH;

test.beforeEach(async ({ page }) => {
  await skipLightbox(page);
});

const search = carSearchBlock;

test.describe('car search', () => {
  test.use({ viewport: DESKTOP });

  test('a new car goes to the price page with the make, zipcode and the new referrer id', async ({ page }) => {
    const visited = await catchPricingSite(page);
    await page.goto(PATH);
    const block = search(page);
    await expect(block.getByRole('heading', { name: 'Check car prices near you' })).toBeVisible();
    await expect(block.getByRole('radio', { name: 'New' })).toBeChecked();
    await searchPrices(block, 'Land Rover', '20001');
    await expect(page).toHaveTitle('Pricing site');
    expect(visited).toEqual(['https://www.truecar.com/prices-new/land-rover/?zipcode=20001&referrer_id=unionplus-new']);
  });

  test('a used car goes to the listings at location-{zip} with the used referrer id', async ({ page }) => {
    const visited = await catchPricingSite(page);
    await page.goto(PATH);
    const block = search(page);
    await block.getByRole('radio', { name: 'Used' }).check();
    await searchPrices(block, 'Pontiac', '94110');
    await expect(page).toHaveTitle('Pricing site');
    expect(visited).toEqual(['https://www.truecar.com/used-cars-for-sale/listings/pontiac/location-94110/?referrer_id=unionplus-used']);
  });

  test('only the makes of the chosen condition are offered', async ({ page }) => {
    await page.goto(PATH);
    const block = search(page);
    const make = block.getByRole('combobox', { name: /Make/ });
    await expect(make.locator('option', { hasText: 'Polestar' })).toHaveCount(1);
    await expect(make.locator('option', { hasText: 'Pontiac' })).toHaveCount(0);
    await expect(make.locator('option', { hasText: 'Oldsmobile' })).toHaveCount(0);
    await make.selectOption({ label: 'Polestar' });
    await block.getByRole('radio', { name: 'Used' }).check();
    await expect(make).toHaveValue('');
    await expect(make.locator('option', { hasText: 'Polestar' })).toHaveCount(0);
    await expect(make.locator('option', { hasText: 'Pontiac' })).toHaveCount(1);
  });

  test('make and zip are required, the zip five digits, with the spec messages', async ({ page }) => {
    const visited = await catchPricingSite(page);
    await page.goto(PATH);
    const block = search(page);
    await block.getByRole('button', { name: 'Search prices' }).click();
    await expect(block.getByText('Please choose a make.')).toBeVisible();
    await expect(block.getByText('Please enter a valid zip code (5 digits)')).toBeVisible();
    await expect(block.getByRole('combobox', { name: /Make/ })).toBeFocused();
    await expect(block.getByRole('combobox', { name: /Make/ })).toHaveAttribute('aria-invalid', 'true');

    await block.getByRole('combobox', { name: /Make/ }).selectOption({ label: 'Ford' });
    const zip = block.getByRole('textbox', { name: /Zip code/ });
    await zip.fill('2000');
    await block.getByRole('button', { name: 'Search prices' }).click();
    await expect(block.getByText('Please choose a make.')).toHaveCount(0);
    await expect(block.getByText('Please enter a valid zip code (5 digits)')).toBeVisible();
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAttribute('maxlength', '5');
    await zip.fill('123456');
    await expect(zip).toHaveValue('12345');
    expect(visited).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  });
});

for (const [name, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
  test(`car search page has no serious axe violations at ${name} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(PATH);
    await search(page).scrollIntoViewIfNeeded();
    await search(page).getByRole('button', { name: 'Search prices' }).click();
    await expect(search(page).getByText('Please choose a make.')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await search(page).screenshot({ path: test.info().outputPath(`car-search-${name}.png`) });
  });
}
