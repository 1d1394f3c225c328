import { describe, expect, it, vi } from 'vitest';
import { BffError } from '@/lib/bff/error';
import { browserCalls } from '@/lib/bff/queries';

// The browser's calls load with the first one (lib/bff/queries.ts). Here their code cannot be
// fetched, as when the browser is offline.
vi.mock('@/lib/bff/browser', () => {
  throw new Error('Failed to load chunk static/chunks/browser.js');
});

describe('browserCalls', () => {
  it("fails as an unreachable BFF, in its words, when the calls' code cannot be loaded", async () => {
    const failure = await browserCalls().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BffError);
    expect(failure).toMatchObject({
      status: 0,
      code: 'unavailable',
      detail: 'We could not reach the server. Please check your connection and try again.',
    });
  });
});
