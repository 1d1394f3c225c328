import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HotelSearch } from '@/components/hotels/HotelSearch';
import { stubFetch } from './fetchStub';

// The hotel search box (spec 3 §4-5, §7, §9): the autocomplete's debounce and restarts, its
// keyboard, a failure being an empty list, the calendar, the guests dropdown and the link.

const today = new Date(2026, 10, 23); // 23 November 2026
const newYork = { id: '3000016152', name: 'New York', state: 'NY', type: 'CITY' };
const yorker = { id: '700123456', name: 'The New Yorker, A Wyndham Hotel', state: 'NY', type: 'HOTEL' };

/** The media query the calendar follows; `change()` tells it the window was resized. */
let media: { listeners: (() => void)[]; change: (width: number) => void };

beforeEach(() => {
  vi.useFakeTimers();
  media = {
    listeners: [],
    change(width) {
      window.innerWidth = width;
      for (const l of media.listeners) l();
    },
  };
  window.innerWidth = 1280;
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      addEventListener: (_: string, l: () => void) => media.listeners.push(l),
      removeEventListener: (_: string, l: () => void) => (media.listeners = media.listeners.filter((x) => x !== l)),
    })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the debounce run out and the stubbed answers arrive. */
async function settle(ms = 250) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const box = () => screen.getByRole('combobox', { name: 'Where are you going?' });

function renderSearch() {
  const go = vi.fn();
  render(<HotelSearch go={go} today={today} />);
  return go;
}

describe('HotelSearch autocomplete', () => {
  it('asks from 2 characters, 250 ms after the last input, and aborts the request a new input replaces', async () => {
    const signals: AbortSignal[] = [];
    const fetch = stubFetch((url, init) => {
      signals.push(init.signal as AbortSignal);
      return { body: { items: url.includes('q=new') ? [newYork, yorker] : [] } };
    });
    renderSearch();
    fireEvent.change(box(), { target: { value: 'n' } });
    await settle(1000);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(box(), { target: { value: 'ne' } });
    await settle(249);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(box(), { target: { value: 'new' } }); // restarts the wait
    await settle(249);
    expect(fetch).not.toHaveBeenCalled();
    await settle(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/v1/hotels/locations?q=new');
    // A new input while the request is under way aborts it.
    fireEvent.change(box(), { target: { value: 'new y' } });
    expect(signals[0].aborted).toBe(true);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['New York, NYCity', 'The New Yorker, A Wyndham Hotel, NYHotel']);
  });

  it('is used by keyboard: Down, Down, Up, Enter takes the active suggestion', async () => {
    stubFetch(() => ({ body: { items: [newYork, yorker] } }));
    renderSearch();
    fireEvent.change(box(), { target: { value: 'new' } });
    await settle();
    expect(box().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    const options = screen.getAllByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((box() as HTMLInputElement).value).toBe('New York, NY');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows nothing but an empty list when the BFF fails, and logs it', async () => {
    stubFetch(() => ({ status: 503, body: { status: 503, title: 'Service Unavailable' } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSearch();
    fireEvent.change(box(), { target: { value: 'new' } });
    await settle();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('HotelSearch form', () => {
  async function chooseNewYork() {
    stubFetch(() => ({ body: { items: [newYork] } }));
    fireEvent.change(box(), { target: { value: 'new' } });
    await settle();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
  }

  it('asks for a destination from the list before it searches', async () => {
    const go = renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search hotels' }));
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a destination from the list.')).toBeTruthy();
    expect(document.activeElement).toBe(box());
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });

  it('picks dates on the calendar by keyboard and takes typed ones', async () => {
    const go = renderSearch();
    await chooseNewYork();
    const toggle = screen.getByRole('button', { name: 'Choose dates on a calendar' });
    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Choose check-in and check-out dates' });
    // Today has the focus; days before it cannot be picked.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday, November 23, 2026');
    expect(within(dialog).getByRole('button', { name: 'Sunday, November 22, 2026' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' }); // 30 Nov
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' }); // 1 Dec
    fireEvent.click(document.activeElement as Element);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' }); // 3 Dec
    fireEvent.click(document.activeElement as Element);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    const dates = screen.getByRole('textbox', { name: 'Check-in and check-out' }) as HTMLInputElement;
    expect(dates.value).toBe('12/1/2026 to 12/3/2026');

    fireEvent.click(screen.getByRole('button', { name: 'Search hotels' }));
    expect(go).toHaveBeenLastCalledWith(
      '/api/v1/hotels/results?destinationId=3000016152&destinationType=CITY&checkIn=20261201&checkOut=20261203&numRooms=1&numAdults=2',
    );

    fireEvent.change(dates, { target: { value: '11/01/2026 to 11/03/2026' } });
    fireEvent.blur(dates);
    fireEvent.click(screen.getByRole('button', { name: 'Search hotels' }));
    expect(screen.getByText('Enter dates as mm/dd/yyyy to mm/dd/yyyy, from today on.')).toBeTruthy();
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('shows two months from 768 px wide, one below; closes on Escape, back on its button', () => {
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Choose dates on a calendar' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const months = () => screen.getAllByRole('table').map((t) => t.querySelector('caption')?.textContent);
    expect(months()).toEqual(['November 2026', 'December 2026']);
    act(() => media.change(390));
    expect(months()).toEqual(['November 2026']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageDown' });
    expect(months()).toEqual(['December 2026']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday, December 23, 2026');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('opens and closes the guests dropdown; rooms 1-9, adults 1-28, children 0-6 with their ages', async () => {
    const go = renderSearch();
    await chooseNewYork();
    const guests = screen.getByRole('button', { name: /Guests/ });
    expect(guests.getAttribute('aria-expanded')).toBe('false');
    expect(guests.textContent).toBe('1 room, 2 adults');
    fireEvent.click(guests);
    expect(guests.getAttribute('aria-expanded')).toBe('true');

    const fewerRooms = screen.getByRole('button', { name: 'Fewer rooms' });
    expect(fewerRooms).toHaveProperty('disabled', true);
    for (let i = 0; i < 10; i++) fireEvent.click(screen.getByRole('button', { name: 'More rooms' }));
    expect(screen.getByRole('button', { name: 'More rooms' })).toHaveProperty('disabled', true);
    expect(guests.textContent).toBe('9 rooms, 2 adults');
    for (let i = 0; i < 30; i++) fireEvent.click(screen.getByRole('button', { name: 'More adults' }));
    expect(guests.textContent).toBe('9 rooms, 28 adults');
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'More children' }));
    expect(screen.getAllByRole('combobox', { name: /Age of child/ })).toHaveLength(6);

    // Every child needs an age before the search goes.
    fireEvent.click(screen.getByRole('button', { name: 'Search hotels' }));
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByText("Choose each child's age.")).toBeTruthy();
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Fewer children' }));
    const ages = screen.getAllByRole('combobox', { name: /Age of child/ });
    expect(within(ages[0]).getAllByRole('option').map((o) => o.textContent).slice(0, 3)).toEqual(['Age', 'Infant', '1']);
    fireEvent.change(ages[0], { target: { value: '0' } });
    fireEvent.change(ages[1], { target: { value: '17' } });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(guests.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(guests);
    fireEvent.click(guests);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Fewer rooms' }), { key: 'Escape' });
    expect(guests.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Search hotels' }));
    expect(go).toHaveBeenCalledWith(
      '/api/v1/hotels/results?destinationId=3000016152&destinationType=CITY&numRooms=9&numAdults=28&childrenAges=0%2C17',
    );
  });
});
