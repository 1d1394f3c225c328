// A stand-in for next/navigation in unit tests: the address is set by the test, and the router
// records what the component asked for. Use with
//   vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);
import { vi } from 'vitest';

export const nav = {
  pathname: '/',
  search: '',
  replace: vi.fn<(href: string, options?: { scroll?: boolean }) => void>(),
  push: vi.fn<(href: string, options?: { scroll?: boolean }) => void>(),
  refresh: vi.fn<() => void>(),
  /** Sets the address the hooks answer, e.g. go('/benefits?modal=login'). */
  go(href: string) {
    const url = new URL(href, 'http://site.invalid');
    nav.pathname = url.pathname;
    nav.search = url.search;
  },
  reset() {
    nav.go('/');
    nav.replace.mockReset();
    nav.push.mockReset();
    nav.refresh.mockReset();
  },
};

const router = {
  replace: (href: string, options?: { scroll?: boolean }) => nav.replace(href, options),
  push: (href: string, options?: { scroll?: boolean }) => nav.push(href, options),
  back: () => undefined,
  forward: () => undefined,
  refresh: () => nav.refresh(),
  prefetch: () => undefined,
};

export const navigationMock = {
  usePathname: () => nav.pathname,
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => router,
};
