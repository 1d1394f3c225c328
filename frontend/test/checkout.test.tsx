import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contract from '../../contracts/store.json';
import { CART_KEY, ORDERS_KEY } from '@/lib/bff/queries';
import type { Cart, PlacedOrder } from '@/lib/bff/types';
import { informationFields, shippingFields } from '@/lib/store';
import { Checkout } from '@/components/store/Checkout';
import {
  errorsByStep,
  fieldError,
  informationSummary,
  initialInformation,
  initialShipping,
  newIdempotencyKey,
  shippingSummary,
  toCheckout,
  validateInformation,
  validateShipping,
  type InformationValues,
  type ShippingValues,
} from '@/components/store/checkoutForm';
import { problem, sentBody, stubFetch, type StubAnswer } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// Checkout (spec 3 §2 'Checkout', §3, §4 'Checkout', §5 'Checkout step 1', 'Checkout step 2', §8):
// every rule of both steps, where the BFF's field errors go, and the four steps as a member goes
// through them.

const words = contract.messages;
const field = (name: string) => [...informationFields, ...shippingFields].find((f) => f.name === name)!;

const INFO: InformationValues = {
  ...initialInformation(),
  firstName: 'Robin',
  lastName: 'Tester',
  email: 'robin@example.com',
  phone: '2025550123',
  union: 'CWA',
};
const SHIP: ShippingValues = { ...initialShipping('NY'), address: '1 Main St', city: 'Albany', zip: '12207' };

beforeEach(() => nav.reset());
afterEach(() => vi.unstubAllGlobals());

describe('step 1 rules', () => {
  it('passes a complete form', () => {
    expect(validateInformation(INFO)).toEqual({});
  });

  it('requires first name, last name, email, phone and union, in form order', () => {
    const errors = validateInformation(initialInformation());
    expect(Object.keys(errors)).toEqual(['firstName', 'lastName', 'email', 'phone', 'union']);
    expect(errors.firstName).toBe('First Name is required.');
    expect(errors.union).toBe('Union is required.');
    // Spaces alone are nothing.
    expect(validateInformation({ ...INFO, lastName: '   ' }).lastName).toBe('Last Name is required.');
  });

  it('checks the email', () => {
    for (const bad of ['robin', 'robin@example', 'robin@@example.com', 'ro bin@example.com', 'robin@example..com']) {
      expect(fieldError(field('email'), bad), bad).toBe(words.emailInvalid);
    }
    expect(fieldError(field('email'), ' robin@mail.example.org ')).toBeUndefined();
  });

  it('takes a phone of 7 to 10 digits only, its hint as the error', () => {
    for (const ok of ['5550123', '2025550123']) expect(fieldError(field('phone'), ok)).toBeUndefined();
    for (const bad of ['555012', '202555012x', '555-0123', '(202)5550']) {
      expect(fieldError(field('phone'), bad), bad).toBe('Digits only no spaces or special characters');
    }
    // Longer than the field holds is said as such, as the BFF does.
    expect(fieldError(field('phone'), '20255501234')).toBe('Phone can be at most 10 characters.');
  });

  it('takes a union local number without the word Local', () => {
    for (const ok of ['123', '52-A', '']) expect(fieldError(field('unionNumber'), ok)).toBeUndefined();
    for (const bad of ['Local 123', '52 A', '-52', 'local1']) {
      expect(fieldError(field('unionNumber'), bad), bad).toBe('e.g. 123 or 52-A, do not include the word Local');
    }
  });

  it('takes members and worksites as whole numbers, when given', () => {
    expect(fieldError(field('members'), '')).toBeUndefined();
    expect(fieldError(field('members'), '1200')).toBeUndefined();
    for (const bad of ['12.5', '-3', 'ten', '12345678']) {
      expect(fieldError(field('members'), bad), bad).toBe('Number of Members must be a whole number.');
    }
    expect(fieldError(field('worksites'), '3 sites')).toBe('Number of Worksites must be a whole number.');
  });

  it('takes a website of http or https and a domain, when given', () => {
    for (const ok of ['', 'http://cwa-union.org', 'https://www.local1101.cwa.org/about', 'HTTPS://EXAMPLE.COM:8443/x']) {
      expect(fieldError(field('website'), ok), ok).toBeUndefined();
    }
    for (const bad of ['cwa-union.org', 'ftp://cwa-union.org', 'https://localhost', 'https://cwa union.org']) {
      expect(fieldError(field('website'), bad), bad).toBe('Enter a fully qualified domain including http:// or https://');
    }
  });

  it('refuses more than a field holds', () => {
    expect(fieldError(field('firstName'), 'x'.repeat(101))).toBe('First Name can be at most 100 characters.');
    expect(fieldError(field('firstName'), 'x'.repeat(100))).toBeUndefined();
  });

  it("asks for the member's words when the use is Other", () => {
    expect(validateInformation({ ...INFO, memo: 'mailing' })).toEqual({});
    expect(validateInformation({ ...INFO, memo: 'other', other: ' ' })).toEqual({ other: words.otherRequired });
    expect(validateInformation({ ...INFO, memo: 'other', other: 'Health fair' })).toEqual({});
    expect(validateInformation({ ...INFO, memo: 'other', other: 'x'.repeat(501) })).toEqual({
      other: 'Other can be at most 500 characters.',
    });
    expect(validateInformation({ ...INFO, memo: 'everything' })).toEqual({ memo: words.memoInvalid });
  });

  it('starts from the profile, the union upper-cased', () => {
    const start = initialInformation({ firstName: 'Pat', union: 'cwa' });
    expect(start.firstName).toBe('Pat');
    expect(start.union).toBe('CWA');
    expect(start.phone).toBe('');
    expect(start.memo).toBe('');
  });
});

describe('step 2 rules', () => {
  it('passes a complete form, Apt or Suite being optional', () => {
    expect(validateShipping(SHIP)).toEqual({});
  });

  it('requires street address, city, state and zip', () => {
    const errors = validateShipping(initialShipping());
    expect(Object.keys(errors)).toEqual(['address', 'city', 'state', 'zip']);
    expect(errors.state).toBe('State is required.');
  });

  it('takes a state from the list and a 5-digit zip', () => {
    expect(validateShipping({ ...SHIP, state: 'XX' }).state).toBe(words.stateCodeInvalid);
    expect(validateShipping({ ...SHIP, state: 'DC' })).toEqual({});
    for (const bad of ['1220', '1220x', 'ABCDE']) {
      expect(validateShipping({ ...SHIP, zip: bad }).zip, bad).toBe('Please enter a valid zip code (5 digits)');
    }
    expect(validateShipping({ ...SHIP, zip: '12207-1234' }).zip).toBe('Zip can be at most 5 characters.');
  });

  it('ships to the United States or Canada', () => {
    expect(validateShipping({ ...SHIP, country: 'other' })).toEqual({});
    expect(validateShipping({ ...SHIP, country: 'mx' }).country).toBe(words.countryInvalid);
  });

  it("starts with the store's state, and the United States", () => {
    expect(initialShipping('AK')).toMatchObject({ state: 'AK', country: 'us', zip: '' });
    expect(initialShipping('ZZ').state).toBe('');
    expect(initialShipping().state).toBe('');
  });
});

describe('the request, the summaries and the BFF errors', () => {
  it("sends the values trimmed, the union upper-cased, and the member's words only for Other", () => {
    const body = toCheckout({ ...INFO, union: 'cwa ', firstName: '  Robin  ', memo: 'packets', other: 'stale' }, SHIP);
    expect(body.information).toMatchObject({ firstName: 'Robin', union: 'CWA', memo: 'packets' });
    expect(body.information.other).toBeUndefined();
    expect(body.shipping).toEqual({ address: '1 Main St', address2: '', city: 'Albany', state: 'NY', zip: '12207', country: 'us' });
    expect(toCheckout({ ...INFO, memo: 'other', other: ' Health fair ' }, SHIP).information.other).toBe('Health fair');
  });

  it('sorts the fields of a refusal back to their steps', () => {
    expect(errorsByStep({ 'information.phone': 'p', 'shipping.zip': 'z' })).toEqual({
      information: { phone: 'p' },
      shipping: { zip: 'z' },
      step: 1,
    });
    expect(errorsByStep({ 'shipping.state': 's' })).toEqual({ information: {}, shipping: { state: 's' }, step: 2 });
    expect(errorsByStep({ quantity: 'q', 'items.0': 'x' })).toEqual({ information: {}, shipping: {}, step: null });
    expect(errorsByStep({})).toMatchObject({ step: null });
  });

  it('summarises a completed step with names for codes', () => {
    expect(informationSummary({ ...INFO, memo: 'mailing' })).toContainEqual({ label: words.memoLegend, value: 'Mailings to members' });
    expect(informationSummary({ ...INFO, memo: 'other', other: 'Health fair' })).toContainEqual({
      label: words.memoLegend,
      value: 'Health fair',
    });
    expect(informationSummary(INFO).map((l) => l.label)).not.toContain('Website');
    const shipping = shippingSummary(SHIP);
    expect(shipping).toContainEqual({ label: 'State', value: 'New York' });
    expect(shipping).toContainEqual({ label: 'Country', value: 'United States' });
    expect(shippingSummary({ ...SHIP, country: 'other' })).toContainEqual({ label: 'Country', value: 'Canada' });
  });

  it('makes Idempotency-Keys the BFF takes, fresh each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

// The component, through the four steps.

const CART: Cart = {
  items: [
    { id: 'member-benefit-37', title: 'Member Benefit', label: 'Brochure', image: 'https://orders.test/a.svg', quantity: 250, stock: 900 },
    { id: 'wireless', title: 'Wireless Discount', label: 'Coupon', quantity: 1000, stock: 5000 },
  ],
  count: 1250,
};

const PLACED: PlacedOrder = {
  order: { orderNumber: 'SO-200001', created: '2025-06-01T10:00:00Z', items: [] },
  replayed: false,
};

function render(cart: Cart = CART) {
  return renderWithSession(
    <Checkout
      initialCart={cart}
      prefill={{ firstName: 'Robin', lastName: 'Tester', email: 'robin@example.com', union: 'CWA' }}
      stateCode="NY"
      ordersHref="/account/u-123/orders"
      phone="800-555-0199"
    />,
    SIGNED_IN,
  );
}

const step = (n: number) => screen.getByTestId(`checkout-step-${n}`);
const heading = (n: number) => within(step(n)).getByRole('heading', { level: 2 });
const alertIn = (n: number) => within(step(n)).getByRole('alert');
const continueIn = (n: number) => within(step(n)).getByRole('button', { name: /Continue/ });

function fillStep1() {
  fireEvent.change(within(step(1)).getByLabelText(/^Phone/), { target: { value: '2025550123' } });
  fireEvent.click(continueIn(1));
}

function fillStep2() {
  fireEvent.change(within(step(2)).getByLabelText(/^Street Address/), { target: { value: '1 Main St' } });
  fireEvent.change(within(step(2)).getByLabelText(/^City/), { target: { value: 'Albany' } });
  fireEvent.change(within(step(2)).getByLabelText(/^Zip/), { target: { value: '12207' } });
  fireEvent.click(continueIn(2));
}

/** A fetch that answers the order calls as the test says, one at a time. */
function orderServer(answers: StubAnswer[]) {
  const fetch = stubFetch(async (url) => {
    if (url === '/api/v1/cart') return { body: { items: [], count: 0 } };
    if (url.startsWith('/api/v1/orders')) return { body: { orders: [], page: 1, pages: 1, total: 0, pageSize: 5 } };
    return answers.shift() ?? { status: 500, body: {} };
  });
  const orderCalls = () => fetch.mock.calls.filter(([url]) => url === '/api/v1/store/orders');
  return { fetch, orderCalls };
}

describe('Checkout', () => {
  it('goes through the steps in order, each only when valid, and Edit reopens an earlier one', async () => {
    render();
    expect(heading(1).textContent).toContain('Your Information');
    expect(heading(1).textContent).toContain('Step 1 of 4');
    expect((within(step(1)).getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Robin');
    expect((within(step(1)).getByLabelText(/^Union \*?$/) as HTMLInputElement).value).toBe('CWA');
    // Later steps are only their headings for now.
    expect(within(step(2)).queryByRole('textbox')).toBeNull();
    expect(within(step(3)).queryByRole('button', { name: 'Process Order' })).toBeNull();

    // The phone is missing: the step stays, says why, and the focus goes to the field.
    fireEvent.click(continueIn(1));
    expect(alertIn(1).textContent).toBe(words.requiredFields);
    const phone = within(step(1)).getByLabelText(/^Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('Phone is required.');
    await waitFor(() => expect(document.activeElement).toBe(phone));

    fillStep1();
    expect(within(step(1)).getByTestId('checkout-summary-1').textContent).toContain('2025550123');
    await waitFor(() => expect(document.activeElement).toBe(heading(2)));
    expect((within(step(2)).getByLabelText(/^State/) as HTMLSelectElement).value).toBe('NY');
    expect((within(step(2)).getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('us');

    fireEvent.click(continueIn(2));
    expect(alertIn(2).textContent).toBe(words.requiredFields);
    await waitFor(() => expect(document.activeElement).toBe(within(step(2)).getByLabelText(/^Street Address/)));
    fillStep2();
    expect(within(step(2)).getByTestId('checkout-summary-2').textContent).toContain('New York');
    expect(within(step(3)).getAllByTestId('review-line')).toHaveLength(2);
    expect(within(step(3)).getByText('Quantity: 1,000')).toBeTruthy();

    // Edit step 1: it reopens with its values, and the later steps close until confirmed again.
    fireEvent.click(within(step(1)).getByRole('button', { name: 'Edit' }));
    expect((within(step(1)).getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('2025550123');
    expect(within(step(2)).queryByTestId('checkout-summary-2')).toBeNull();
    expect(within(step(3)).queryByRole('button', { name: 'Process Order' })).toBeNull();
    fireEvent.click(continueIn(1));
    expect((within(step(2)).getByLabelText(/^City/) as HTMLInputElement).value).toBe('Albany');
    fireEvent.click(continueIn(2));
    expect(within(step(3)).getByRole('button', { name: 'Process Order' })).toBeTruthy();
  });

  it('upper-cases the union as it is typed, and reveals a required box for Other', () => {
    render();
    const union = within(step(1)).getByLabelText(/^Union \*?$/) as HTMLInputElement;
    fireEvent.change(union, { target: { value: 'cwa local' } });
    expect(union.value).toBe('CWA LOCAL');
    expect(within(step(1)).queryByRole('textbox', { name: /^Other/ })).toBeNull();
    fireEvent.click(within(step(1)).getByRole('radio', { name: 'Other' }));
    const other = within(step(1)).getByRole('textbox', { name: /^Other/ }) as HTMLInputElement;
    expect(other.required).toBe(true);
    fireEvent.change(within(step(1)).getByLabelText(/^Phone/), { target: { value: '2025550123' } });
    fireEvent.click(continueIn(1));
    expect(alertIn(1).textContent).toBe(words.requiredFields);
    expect(within(step(1)).getByText(words.otherRequired)).toBeTruthy();
  });

  it('places the order once under one key, then confirms it and reads the cart and orders again', async () => {
    let finish: (a: StubAnswer) => void = () => undefined;
    const fetch = stubFetch((url) =>
      url === '/api/v1/store/orders' ? new Promise<StubAnswer>((resolve) => (finish = resolve)) : { body: { items: [], count: 0 } },
    );
    const { client } = render();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    fillStep1();
    fillStep2();
    const process = within(step(3)).getByRole('button', { name: 'Process Order' });
    fireEvent.click(process);
    fireEvent.click(process);
    expect(process.textContent).toBe(words.processing);
    expect((process as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/store/orders');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sentBody(fetch)).toEqual(toCheckout({ ...INFO }, SHIP));

    await act(async () => finish({ status: 201, body: PLACED }));
    const done = await screen.findByTestId('checkout-done');
    expect(within(done).getByRole('heading', { name: words.orderSubmitted })).toBeTruthy();
    expect(within(done).getByText('A confirmation email will arrive within 60 minutes.')).toBeTruthy();
    expect(done.textContent).toContain('SO-200001');
    expect(within(done).getByRole('link', { name: /View My Orders/ }).getAttribute('href')).toBe('/account/u-123/orders');
    await waitFor(() => expect(document.activeElement).toBe(within(done).getByRole('heading', { level: 2 })));
    expect(invalidated).toHaveBeenCalledWith({ queryKey: CART_KEY });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ORDERS_KEY });
    // The emptied cart does not take the confirmation's place.
    await waitFor(() => expect(client.getQueryData<Cart>(CART_KEY)?.count).toBe(0));
    expect(screen.getByTestId('checkout-done')).toBeTruthy();
  });

  it('keeps the key for a retry of the same review, and stays on it with the BFF words', async () => {
    const orderFailed = 'We were unable to submit your order. Please refresh and try again or contact us at 800-555-0199.';
    const { orderCalls } = orderServer([problem(503, orderFailed), problem(409, words.orderInProgress), { status: 200, body: { ...PLACED, replayed: true } }]);
    render();
    fillStep1();
    fillStep2();
    fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
    await waitFor(() => expect(alertIn(3).textContent).toBe(orderFailed));
    await waitFor(() => expect(document.activeElement).toBe(within(step(3)).getByRole('button', { name: 'Process Order' })));
    fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
    await waitFor(() => expect(alertIn(3).textContent).toBe(words.orderInProgress));
    fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
    await screen.findByTestId('checkout-done');
    const keys = orderCalls().map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('says the order failure with the phone when the order system is down or the connection is lost, never a status or a network message', async () => {
    const failed = 'We were unable to submit your order. Please refresh and try again or contact us at 800-555-0199.';
    let call = 0;
    stubFetch(async (url) => {
      if (url === '/api/v1/cart') return { body: CART };
      call += 1;
      // A gateway's 502 without the BFF's words, the BFF's own 503, then no answer at all.
      if (call === 1) return { status: 502, body: {} };
      if (call === 2) return problem(503, 'The order system is not answering.');
      throw new TypeError('Failed to fetch');
    });
    render();
    fillStep1();
    fillStep2();
    for (let i = 1; i <= 3; i++) {
      fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
      await waitFor(() => expect(call).toBe(i));
      await waitFor(() => expect(alertIn(3).textContent).toBe(failed));
      await waitFor(() => expect((within(step(3)).getByTestId('process-order') as HTMLButtonElement).disabled).toBe(false));
    }
    expect(step(3).textContent).not.toMatch(/answered|network|connection/i);
  });

  it('shows what is being ordered beside the steps from step 1: thumbnails, titles, quantities and the count', () => {
    render();
    const summary = screen.getByRole('complementary', { name: words.orderSummaryTitle });
    expect(within(summary).getByText('1,250 items')).toBeTruthy();
    const lines = within(summary).getAllByTestId('summary-line');
    expect(lines.map((l) => l.dataset.productId)).toEqual(['member-benefit-37', 'wireless']);
    expect(lines[0]!.textContent).toContain('Member Benefit');
    expect(lines[0]!.textContent).toContain('Quantity: 250');
    expect(lines[1]!.textContent).toContain('Quantity: 1,000');
    expect(lines[0]!.querySelector('img')?.getAttribute('src')).toBe('https://orders.test/a.svg');
    // The steps are still there, step 1 open.
    expect(within(step(1)).getByLabelText(/^First Name/)).toBeTruthy();
  });

  it("takes a new key after an Edit, and opens the step the BFF's field errors belong to", async () => {
    const { orderCalls } = orderServer([
      problem(400, words.requiredFields, [
        { field: 'shipping.zip', message: 'Please enter a valid zip code (5 digits)' },
        { field: 'information.phone', message: 'Digits only no spaces or special characters' },
      ]),
      problem(400, words.requiredFields, [{ field: 'shipping.state', message: 'Car Buying Flyer can not be shipped to Alaska.' }]),
    ]);
    render();
    fillStep1();
    fillStep2();
    fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
    // Step 1 has a problem: it opens with the field marked and the focus on it.
    await waitFor(() => expect(alertIn(1).textContent).toBe(words.requiredFields));
    const phone = within(step(1)).getByLabelText(/^Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(within(step(1)).getByText('Digits only no spaces or special characters')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));

    fireEvent.click(continueIn(1));
    // The zip's error from the BFF waits in step 2 until that step is checked again.
    expect(within(step(2)).getByText('Please enter a valid zip code (5 digits)')).toBeTruthy();
    fireEvent.click(continueIn(2));
    fireEvent.click(within(step(3)).getByRole('button', { name: 'Process Order' }));
    await waitFor(() => expect(within(step(2)).getByText('Car Buying Flyer can not be shipped to Alaska.')).toBeTruthy());
    const keys = orderCalls().map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("says 'Your cart is empty.' with the way back instead of the steps", () => {
    render({ items: [], count: 0 });
    expect(screen.getByText(words.cartEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/store');
    expect(screen.queryByTestId('checkout-step-1')).toBeNull();
  });
});
