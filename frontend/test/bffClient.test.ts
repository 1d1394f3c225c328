import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPage, getSite } from '@/lib/bff/server';
import { BffError, bffFetch } from '@/lib/bff/transport';
import { homePage, site } from './examples';

// The request's cookies and headers, as next/headers would give them to a server component.
const requestCookies = vi.hoisted(() => new Map<string, string>());
const requestHeaders = vi.hoisted(() => new Headers());
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (requestCookies.has(name) ? { name, value: requestCookies.get(name) } : undefined),
  }),
  headers: async () => requestHeaders,
}));

function answer(status: number, body: unknown, type = 'application/json') {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  requestCookies.clear();
  requestHeaders.delete('x-forwarded-for');
});

describe('getPage', () => {
  it('asks the BFF for the path, uncached, and returns the document', async () => {
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    const page = await getPage('/');
    expect(page.kind === 'home' && page.hero.headline).toBe('Savings and support for every union family');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8080/api/v1/page?path=%2F');
    expect(init.cache).toBe('no-store');
  });

  it("passes the visitor's union along", async () => {
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/benefits/x', '37');
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('http://127.0.0.1:8080/api/v1/page?path=%2Fbenefits%2Fx&union=37');
  });

  it('returns a redirect document as it is, for the page to act on', async () => {
    vi.stubGlobal('fetch', answer(200, { kind: 'redirect', location: '/', permanent: false }));
    expect(await getPage('/password-help')).toEqual({ kind: 'redirect', location: '/', permanent: false });
  });

  it("turns a 404 into Next's not-found", async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' }, 'application/problem+json'),
    );
    await expect(getPage('/missing')).rejects.toMatchObject({ digest: expect.stringContaining('404') });
  });

  it('throws a BffError carrying the problem on a 5xx', async () => {
    const problem = { type: 'about:blank', title: 'Unavailable', status: 503, code: 'unavailable' };
    vi.stubGlobal('fetch', answer(503, problem, 'application/problem+json'));
    const error: unknown = await getPage('/broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({ status: 503, problem });
  });

  it('throws a BffError with status 0 when the BFF is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(getPage('/down')).rejects.toMatchObject({ name: 'BffError', status: 0 });
  });
});

describe('getSite', () => {
  it('caches the chrome under the site tag', async () => {
    const fetchMock = answer(200, site());
    vi.stubGlobal('fetch', fetchMock);
    const chrome = await getSite();
    expect(chrome.productName).toBe('Union Benefits');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit & { next?: unknown }];
    expect(url).toBe('http://127.0.0.1:8080/api/v1/site');
    expect(init.next).toEqual({ revalidate: 300, tags: ['site'] });
  });
});

describe("a member's requests", () => {
  it("carry the session cookie to the BFF, and a member's chrome is never cached", async () => {
    requestCookies.set('session', 'abc');
    const fetchMock = answer(200, site());
    vi.stubGlobal('fetch', fetchMock);
    await getSite('37');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit & { next?: unknown }];
    expect(init.headers).toMatchObject({ Cookie: 'session=abc' });
    expect(init.cache).toBe('no-store');
    expect(init.next).toBeUndefined();
  });

  it('forward the session with the page request', async () => {
    requestCookies.set('session', 'abc');
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/members-only');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Cookie: 'session=abc' });
  });

  it('forward the __Host- session the BFF sets outside localhost', async () => {
    requestCookies.set('__Host-session', 'xyz');
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/members-only');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Cookie: '__Host-session=xyz' });
  });
});

describe("the visitor's address", () => {
  // The BFF charges the content it loads for a visitor to their address; Next is a proxy in
  // between, so its reads for one visitor say whom they are for.
  it('goes with a read made for this visitor alone', async () => {
    requestHeaders.set('x-forwarded-for', '203.0.113.9, 10.0.0.2');
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'X-Forwarded-For': '203.0.113.9, 10.0.0.2' });
  });

  it("never goes with a read kept in Next's cache, which is every visitor's", async () => {
    requestHeaders.set('x-forwarded-for', '203.0.113.9');
    const fetchMock = answer(200, site());
    vi.stubGlobal('fetch', fetchMock);
    await getSite('37');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit & { next?: unknown }];
    expect(init.next).toEqual({ revalidate: 300, tags: ['site'] });
    expect(init.headers).not.toHaveProperty('X-Forwarded-For');
  });
});

describe('bffFetch', () => {
  it('sends a body as JSON with the method asked for', async () => {
    const fetchMock = answer(200, { message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    expect(await bffFetch('/api/v1/profile', { method: 'PUT', body: { a: 1 } })).toEqual({ message: 'ok' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it("reads the problem's detail, code and field errors (the first per field)", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'invalid',
      detail: 'Please check the form.',
      errors: [
        { field: 'home.zip', message: 'Please enter a 5-10 digit zip.' },
        { field: 'home.zip', message: 'second' },
      ],
    };
    vi.stubGlobal('fetch', answer(400, problem, 'application/problem+json'));
    const error: unknown = await bffFetch('/api/v1/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid',
      detail: 'Please check the form.',
      fields: { 'home.zip': 'Please enter a 5-10 digit zip.' },
      problem,
    });
  });

  it('says what status came back when the answer is no problem document', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })));
    await expect(bffFetch('/api/v1/session')).rejects.toMatchObject({ status: 502, code: 'internal', detail: 'The server answered 502.', fields: {} });
  });

  it('tells people to check their connection when the BFF cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(bffFetch('/api/v1/session')).rejects.toMatchObject({
      status: 0,
      code: 'unavailable',
      detail: 'We could not reach the server. Please check your connection and try again.',
    });
  });
});

describe('the server-side deadline', () => {
  /** A fetch that, like the real one, gives up when its signal aborts. */
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const fail = () => reject(init.signal?.reason ?? new Error('aborted'));
          if (init.signal?.aborted) fail();
          else init.signal?.addEventListener('abort', fail);
        }),
    );

  it("gives every server-side call a timeout above the BFF's own 15 s", async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = answer(200, homePage());
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/');
    expect(timeout).toHaveBeenCalledWith(20_000);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.signal).toBeInstanceOf(AbortSignal);
    timeout.mockRestore();
  });

  it('fails a call the BFF never answers as an unreachable BFF', async () => {
    const timeout = vi
      .spyOn(AbortSignal, 'timeout')
      .mockImplementation(() => AbortSignal.abort(new DOMException('The operation timed out.', 'TimeoutError')));
    vi.stubGlobal('fetch', hangingFetch());
    await expect(getSite()).rejects.toMatchObject({ name: 'BffError', status: 0, code: 'unavailable' });
    timeout.mockRestore();
  });

  it('fails an answer whose body never finishes the same way', async () => {
    const controller = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(controller.signal);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"kind":'));
            init.signal?.addEventListener('abort', () => stream.error(init.signal?.reason));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const pending = getSite().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await pending).toMatchObject({ name: 'BffError', status: 0, code: 'unavailable' });
    timeout.mockRestore();
  });
});
