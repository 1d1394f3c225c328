import { beforeEach, describe, expect, it, vi } from 'vitest';

// /login (spec 1 §2's route table, beside login/partner/{id}): without a partner it is the site's
// login modal over home, keeping a same-site destination; before, it was a 404.
const redirect = vi.hoisted(() =>
  vi.fn((href: string) => {
    throw new Error(`NEXT_REDIRECT ${href}`);
  }),
);
vi.mock('next/navigation', () => ({ redirect }));

const { default: LoginPage } = await import('@/app/(site)/login/page');

async function landing(query: Record<string, string | string[]>) {
  await expect(LoginPage({ searchParams: Promise.resolve(query) })).rejects.toThrow('NEXT_REDIRECT');
  return redirect.mock.calls.at(-1)?.[0];
}

describe('/login', () => {
  beforeEach(() => {
    redirect.mockClear();
  });

  it('opens the login modal over home', async () => {
    expect(await landing({})).toBe('/?modal=login');
  });

  it('keeps a same-site destination, and only that', async () => {
    expect(await landing({ destination: '/account/profile' })).toBe('/?modal=login&destination=%2Faccount%2Fprofile');
    for (const destination of ['https://evil.example/', '//evil.example', ['/a', '/b']]) {
      expect(await landing({ destination })).toBe('/?modal=login');
    }
  });
});
