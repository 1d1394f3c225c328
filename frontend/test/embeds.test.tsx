import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedFrame } from '@/components/embed/EmbedFrame';
import { PageEmbeds } from '@/components/embed/PageEmbeds';
import { LIGHTBOX_DELAY_MS, lightboxSeenKey } from '@/components/embed/SweepPromo';

// components/embed: vendor code in sandboxed frames that fit their content, and a benefit's Viral
// Sweep lightbox that opens by itself once per visit.

const page = {
  path: '/benefits/car-buying',
  title: 'Car Buying',
  embed: '<div>estimator</div>',
  campaigns: [{ id: '1401', title: 'Win a year of car payments', lightboxHtml: '<form></form>', widgetHtml: '<p>w</p>' }],
};

/** A message as the frame's document would post it. */
function post(frame: HTMLIFrameElement, data: unknown, source: MessageEventSource | null = frame.contentWindow) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

// jsdom has no IntersectionObserver: this one reports what scrolledIntoView says.
const observers = new Set<IntersectionObserverCallback>();
class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    observers.add(callback);
  }
  observe() {}
  disconnect() {
    observers.delete(this.callback);
  }
}
vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

/** Every observed element comes into view (or leaves it). */
function scrolledIntoView(isIntersecting: boolean) {
  act(() => {
    for (const cb of [...observers]) cb([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

describe('EmbedFrame', () => {
  it("takes the height its own document reports, within bounds, and ignores other windows' messages", () => {
    const { container } = render(<EmbedFrame src="/embed/page/embed?path=%2Fx" title="Tool" minHeight={120} />);
    const frame = container.querySelector('iframe')!;
    expect(frame.style.height).toBe('120px');
    post(frame, { embedHeight: 456.2 });
    expect(frame.style.height).toBe('457px');
    post(frame, { embedHeight: 10 });
    expect(frame.style.height).toBe('120px');
    post(frame, { embedHeight: 1e9 });
    expect(frame.style.height).toBe('3000px');
    post(frame, { embedHeight: 600 }, window);
    post(frame, { embedHeight: 'tall' });
    expect(frame.style.height).toBe('3000px');
  });
});

describe('PageEmbeds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('frames the embed and each campaign in sandboxes without same-origin rights', () => {
    const { container } = render(<PageEmbeds page={page} />);
    const sources = [...container.querySelectorAll('iframe')].map((frame) => {
      expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
      return frame.getAttribute('src');
    });
    expect(sources).toEqual([
      '/embed/campaign/1401?path=%2Fbenefits%2Fcar-buying',
      '/embed/campaign/1401?path=%2Fbenefits%2Fcar-buying&part=lightbox',
      '/embed/page/embed?path=%2Fbenefits%2Fcar-buying',
    ]);
    expect(screen.getByTitle('Car Buying: partner tool')).toBeTruthy();
  });

  it('draws nothing for a page without either', () => {
    const { container } = render(<PageEmbeds page={{ path: '/x', title: 'X' }} />);
    expect(container.innerHTML).toBe('');
  });

  it("opens a campaign's lightbox by itself once per visit, once the reader has reached it; the button reopens it", () => {
    const first = render(<PageEmbeds page={page} />);
    const dialog = () => document.querySelector('dialog')!;
    // Not over a page that has only just loaded: the campaign is still out of sight.
    act(() => void vi.advanceTimersByTime(LIGHTBOX_DELAY_MS * 2));
    expect(dialog().open).toBe(false);
    scrolledIntoView(true);
    act(() => void vi.advanceTimersByTime(LIGHTBOX_DELAY_MS - 100));
    expect(dialog().open).toBe(false);
    act(() => void vi.advanceTimersByTime(100));
    expect(dialog().open).toBe(true);
    expect(sessionStorage.getItem(lightboxSeenKey('1401'))).toBe('1');
    first.unmount();

    render(<PageEmbeds page={page} />);
    scrolledIntoView(true);
    act(() => void vi.advanceTimersByTime(LIGHTBOX_DELAY_MS * 2));
    expect(dialog().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Enter now' }));
    expect(dialog().open).toBe(true);
  });

  it('never opens over another dialog', () => {
    const other = document.createElement('dialog');
    other.setAttribute('open', '');
    document.body.append(other);
    render(<PageEmbeds page={page} />);
    scrolledIntoView(true);
    act(() => void vi.advanceTimersByTime(LIGHTBOX_DELAY_MS));
    expect(document.querySelector('[data-campaign] dialog')!.hasAttribute('open')).toBe(false);
    expect(sessionStorage.getItem(lightboxSeenKey('1401'))).toBeNull();
    other.remove();
  });
});

describe('a lightbox from the keyboard', () => {
  it('closes on Escape pressed inside its frame', () => {
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    render(<PageEmbeds page={page} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enter now' }));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    post(dialog.querySelector('iframe')!, { embedKey: 'Escape' });
    expect(dialog.open).toBe(false);
  });
});
