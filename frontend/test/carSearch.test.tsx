import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarSearch } from '@/components/blocks/CarSearch';
import type { CarMake, CarSearchBlock } from '@/lib/bff/types';
import { carSearchUrl, checkCarSearch, makesFor } from '@/lib/carSearch';

const makes: CarMake[] = [
  { id: '1', name: 'Ford', slug: 'ford', availableNew: true, availableUsed: true },
  { id: '2', name: 'Land Rover', slug: 'land-rover', availableNew: true, availableUsed: true },
  { id: '3', name: 'Polestar', slug: 'polestar', availableNew: true, availableUsed: false },
  { id: '4', name: 'Pontiac', slug: 'pontiac', availableNew: false, availableUsed: true },
];

describe('car search rules (spec 3 §5, §7)', () => {
  it('offers only the makes available for the search type', () => {
    expect(makesFor(makes, 'new').map((m) => m.slug)).toEqual(['ford', 'land-rover', 'polestar']);
    expect(makesFor(makes, 'used').map((m) => m.slug)).toEqual(['ford', 'land-rover', 'pontiac']);
  });

  it('requires a make the type offers and a five-digit zip', () => {
    expect(checkCarSearch({ type: 'new', make: 'ford', zip: '20001' }, makes)).toEqual({});
    expect(checkCarSearch({ type: 'new', make: '', zip: '' }, makes)).toEqual({
      make: 'Please choose a make.',
      zip: 'Please enter a valid zip code (5 digits)',
    });
    expect(checkCarSearch({ type: 'used', make: 'polestar', zip: '20001' }, makes).make).toBe('Please choose a make.');
    for (const zip of ['2000', '200011', '2000a', '20 01']) {
      expect(checkCarSearch({ type: 'new', make: 'ford', zip }, makes).zip).toBe('Please enter a valid zip code (5 digits)');
    }
  });

  it('sends new cars to the price page and used cars to the listings, each with its referrer id', () => {
    expect(carSearchUrl({ type: 'new', make: 'land-rover', zip: '20001' })).toBe(
      'https://www.truecar.com/prices-new/land-rover/?zipcode=20001&referrer_id=unionplus-new',
    );
    expect(carSearchUrl({ type: 'used', make: 'ford', zip: '94110' })).toBe(
      'https://www.truecar.com/used-cars-for-sale/listings/ford/location-94110/?referrer_id=unionplus-used',
    );
  });
});

describe('CarSearch block', () => {
  const block: CarSearchBlock = { type: 'car_search', id: 'c1', headline: 'Check car prices', makes };
  const assign = vi.fn();

  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  function setup() {
    vi.stubGlobal('location', { ...window.location, assign });
    render(<CarSearch block={block} />);
  }

  it('shows both messages and moves focus to the make when nothing is filled in', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Search prices' }));
    expect(screen.getByText('Please choose a make.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid zip code (5 digits)')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Make/ }));
    expect(assign).not.toHaveBeenCalled();
  });

  it('lists the makes of the chosen type and drops a make the other type lacks', () => {
    setup();
    const select = screen.getByRole('combobox', { name: /Make/ }) as HTMLSelectElement;
    expect(screen.queryByRole('option', { name: 'Pontiac' })).toBeNull();
    fireEvent.change(select, { target: { value: 'polestar' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Used' }));
    expect(select.value).toBe('');
    expect(screen.queryByRole('option', { name: 'Polestar' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Pontiac' })).toBeTruthy();
  });

  it('keeps only digits in the zip and leaves for the pricing site', () => {
    setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Used' }));
    fireEvent.change(screen.getByRole('combobox', { name: /Make/ }), { target: { value: 'pontiac' } });
    const zip = screen.getByRole('textbox', { name: /Zip code/ }) as HTMLInputElement;
    fireEvent.change(zip, { target: { value: '9-41 10x7' } });
    expect(zip.value).toBe('94110');
    fireEvent.click(screen.getByRole('button', { name: 'Search prices' }));
    expect(assign).toHaveBeenCalledWith(
      'https://www.truecar.com/used-cars-for-sale/listings/pontiac/location-94110/?referrer_id=unionplus-used',
    );
  });
});
