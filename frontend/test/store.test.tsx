import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contract from '../../contracts/store.json';
import type { StoreDocument } from '@/lib/bff/types';
import { ProductCard } from '@/components/store/ProductCard';
import { ProductModal } from '@/components/store/ProductModal';
import { StateModal } from '@/components/store/StateModal';
import { StoreIndex } from '@/components/store/StoreIndex';
import { shownProduct, shownStore, type ShownStore } from '@/components/store/shownStore';
import { clampQuantity, typedQuantity } from '@/components/store/quantity';
import { eligibleStates, unionShortName } from '@/components/store/states';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';
import { LEADERS_EMAIL, PHONE, product, STATES, storeDocument } from './storeFixtures';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The store index (spec 3 §2 'Store index', 'Product detail modal', 'Shipping-state modal', §4
// 'Shipping state', §5, §8): cards, the product modal, the state modal and the sections.

// The store as the page hands it to StoreIndex (shownStore).
const doc = (over: Partial<StoreDocument> = {}): ShownStore =>
  shownStore(
    storeDocument({
      union: { id: '37', name: 'Communications Workers of America', shortName: 'CWA', label: 'Communications Workers of America (CWA)' },
      featured: [product('member-benefit-37', { title: 'Member Benefit' })],
      products: [product('wireless'), product('travel', { stock: 0, title: 'Travel & Hotel Savings' })],
      ...over,
    }),
  );

beforeEach(() => nav.reset());
afterEach(() => vi.unstubAllGlobals());

describe('quantity', () => {
  it('is a whole number from 0 to 100000', () => {
    expect(clampQuantity(-1)).toBe(0);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(100_001)).toBe(100_000);
    expect(clampQuantity(Number.NaN)).toBe(0);
  });

  it('reads what is typed, keeping the last quantity for anything but digits', () => {
    expect(typedQuantity('12', 1)).toBe(12);
    expect(typedQuantity('', 5)).toBe(0);
    expect(typedQuantity('-3', 5)).toBe(5);
    expect(typedQuantity('1e3', 5)).toBe(5);
    expect(typedQuantity('999999', 5)).toBe(100_000);
  });

  it('joins states with commas and names a union by its short name', () => {
    expect(eligibleStates(['Alabama', 'Alaska'])).toBe('Alabama, Alaska');
    // Every one of the 50 states and DC is 'All states', not 51 names; one missing lists them.
    const all = contract.states.map((s) => s.title);
    expect(eligibleStates(all)).toBe('All states');
    expect(eligibleStates(all.filter((t) => t !== 'Hawaii'))).toBe(all.filter((t) => t !== 'Hawaii').join(', '));
    expect(unionShortName({ name: 'United Steelworkers', shortName: 'USW' })).toBe('USW');
    expect(unionShortName({ name: 'Teamsters' })).toBe('Teamsters');
    expect(unionShortName(undefined)).toBeUndefined();
  });

  it("hands the store's browser part each product's states said once, and not the promos the page draws", () => {
    const all = contract.states.map((s) => s.title);
    const promo = { headline: 'Shop union-made' };
    const shown = shownStore(
      storeDocument({ featured: [product('f', { states: all })], products: [product('p')], promos: [promo] }),
    );
    expect(shown.featured[0]).toEqual({ ...shownProduct(product('f')), eligibleStates: 'All states' });
    expect(shown.products[0].eligibleStates).toBe('Alabama, Alaska, New York');
    expect(shown.products[0]).not.toHaveProperty('states');
    expect(shown).not.toHaveProperty('promos');
    // What the state modal lists and quotes stays.
    expect(shown.states).toEqual(STATES);
    expect(shown.phone).toBe(PHONE);
    expect(shown.leadersEmail).toBe(LEADERS_EMAIL);
  });
});

describe('ProductCard', () => {
  it('shows the label and title, opens on its title, and hides a broken image', () => {
    const open = vi.fn();
    const { container } = renderWithSession(<ul><ProductCard product={shownProduct(product('a'))} onOpen={open} /></ul>, VISITOR);
    expect(screen.getByText('Brochure')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Title a' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    const img = container.querySelector('img')!;
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    // In its place, a drawing of the kind of material, hidden from assistive technology and
    // without words: the label and title beside it already say them.
    const placeholder = screen.getByTestId('product-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.querySelector('svg')).toBeTruthy();
    expect(placeholder.textContent).toBe('');
    // A visitor has no heart.
    expect(screen.queryByRole('button', { name: /favorites$/ })).toBeNull();
  });

  it('gives a member the favorite heart, and says when it is out of stock', () => {
    renderWithSession(<ul><ProductCard product={shownProduct(product('b', { stock: 0 }))} onOpen={() => undefined} /></ul>, SIGNED_IN);
    expect(screen.getByRole('button', { name: 'Add to favorites' }).getAttribute('data-favorite-id')).toBe('product:b');
    expect(screen.getByText('Out of Stock')).toBeTruthy();
  });
});

describe('ProductModal', () => {
  it('shows the details, the eligible states and a quantity from 0, 1 at first', () => {
    const close = vi.fn();
    renderWithSession(<ProductModal product={shownProduct(product('a'))} onClose={close} />);
    const dialog = screen.getByRole('dialog', { name: 'Title a' });
    expect(within(dialog).getByText('About a.')).toBeTruthy();
    expect(within(dialog).getByText('State Eligibility')).toBeTruthy();
    expect(within(dialog).getByTestId('state-eligibility').textContent).toBe('Alabama, Alaska, New York');
    expect(within(dialog).queryByText('Out of Stock')).toBeNull();

    const input = within(dialog).getByLabelText('Quantity') as HTMLInputElement;
    expect(input.value).toBe('1');
    const minus = within(dialog).getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    fireEvent.click(minus);
    expect(input.value).toBe('0');
    expect(minus.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '250' } });
    expect(input.value).toBe('250');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(close).toHaveBeenCalled();
  });

  it('says Out of Stock when there is none, and hides a broken image', () => {
    renderWithSession(<ProductModal product={shownProduct(product('t', { stock: 0 }))} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('out-of-stock').textContent).toBe('Out of Stock');
    fireEvent.error(dialog.querySelector('img')!);
    expect(dialog.querySelector('img')).toBeNull();
  });
});

describe('StateModal', () => {
  const render = (close = vi.fn()) =>
    renderWithSession(<StateModal states={STATES} phone={PHONE} leadersEmail={LEADERS_EMAIL} onClose={close} />);

  it('lists the 50 states and DC, and tells how to ship elsewhere', () => {
    render();
    const dialog = screen.getByRole('dialog', { name: 'Where will the order be shipped?' });
    const select = within(dialog).getByLabelText(/State/) as HTMLSelectElement;
    expect(select.required).toBe(true);
    expect(select.options).toHaveLength(52); // the empty choice and 51
    expect([...select.options].map((o) => o.value)).toContain('District of Columbia');
    expect(dialog.textContent).toContain(PHONE);
    // The leaders mailbox (spec 3 §2) by its address, which opens a mail.
    const mailbox = within(dialog).getByRole('link', { name: LEADERS_EMAIL });
    expect(mailbox.getAttribute('href')).toBe(`mailto:${LEADERS_EMAIL}`);
  });

  it('asks for a state before sending anything', () => {
    const fetch = stubFetch(() => ({ body: {} }));
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('We could not select your state. Please refresh and try again.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the state through the BFF, then reloads the page and closes', async () => {
    const fetch = stubFetch(() => ({ body: { state: { code: 'AK', title: 'Alaska' } } }));
    const close = vi.fn();
    render(close);
    fireEvent.change(screen.getByLabelText(/State/), { target: { value: 'Alaska' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/store/state');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sentBody(fetch)).toEqual({ state: 'Alaska' });
    expect(close).toHaveBeenCalled();
  });

  it('says what the BFF said when it refuses', async () => {
    const words = 'We could not select your state. Please refresh and try again.';
    stubFetch(() => problem(400, words, [{ field: 'state', message: words }]));
    const close = vi.fn();
    render(close);
    fireEvent.change(screen.getByLabelText(/State/), { target: { value: 'Alaska' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(words)).toBeTruthy());
    expect(close).not.toHaveBeenCalled();
    expect(nav.refresh).not.toHaveBeenCalled();
  });
});

describe('StoreIndex', () => {
  it('shows the featured products for the union, the others, and the state', () => {
    renderWithSession(<StoreIndex store={doc()} />);
    expect(screen.getByRole('heading', { name: 'Personalized Free Materials for CWA' })).toBeTruthy();
    expect(within(screen.getByTestId('featured-products')).getAllByTestId('product-card')).toHaveLength(1);
    expect(within(screen.getByTestId('products')).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByTestId('shipping-state').textContent).toContain('New York');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Travel & Hotel Savings' }));
    expect(screen.getByRole('dialog', { name: 'Travel & Hotel Savings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change state' }));
    const select = within(screen.getByRole('dialog', { name: 'Where will the order be shipped?' })).getByLabelText(/State/) as HTMLSelectElement;
    expect(select.value).toBe('New York');
  });

  it('asks for a state at once when none is stored', () => {
    renderWithSession(<StoreIndex store={doc({ state: undefined })} />);
    expect(screen.getByRole('dialog', { name: 'Where will the order be shipped?' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('shipping-state').textContent).toContain(contract.messages.statePrompt);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a state' }));
    expect(screen.getByRole('dialog', { name: 'Where will the order be shipped?' })).toBeTruthy();
  });

  it("says 'Products Not Found' with the phone when there are none, and leaves out an empty featured section", () => {
    renderWithSession(<StoreIndex store={doc({ featured: [], products: [] })} />);
    expect(screen.queryByTestId('featured-products')).toBeNull();
    const none = screen.getByTestId('products');
    expect(none.textContent).toContain('Products Not Found');
    expect(none.textContent).toContain(`Please call the Union Services Department at ${PHONE}`);
  });

  it('opens the product the address names', () => {
    renderWithSession(<StoreIndex store={doc()} initialProduct="wireless" />);
    expect(screen.getByRole('dialog', { name: 'Title wireless' })).toBeTruthy();
  });

  it("opens the cart as 'Your Cart' from its button and from the address (the header's link), which closing clears", () => {
    renderWithSession(<StoreIndex store={doc()} initialCart={{ items: [], count: 0 }} />);
    fireEvent.click(screen.getByRole('button', { name: /^Cart / }));
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('opens the cart the address asks for, and takes the request out of the address on closing', () => {
    nav.go('/store?cart=open');
    renderWithSession(<StoreIndex store={doc()} initialCart={{ items: [], count: 0 }} />);
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(nav.replace).toHaveBeenCalledWith('/store', { scroll: false });
  });
});
