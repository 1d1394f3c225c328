import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCart, getPage, getSite } from '@/lib/bff/server';
import { BffError } from '@/lib/bff/error';
import { bffFetch } from '@/lib/bff/transport';
import { config } from '@/lib/config';
import { homePage, site } from './examples';
import { TEST_SIGNING_SECRET, expectServerToken, sentHeader } from './signatureCheck';

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

/** Makes fetch answer 200 with `body`; the stub, to read what was sent. */
function serve(body: unknown) {
  const fetchMock = answer(200, body);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const unsetSecret = config.serverSigningSecret;
beforeEach(() => {
  config.serverSigningSecret = TEST_SIGNING_SECRET;
});

afterEach(() => {
  vi.unstubAllGlobals();
  requestCookies.clear();
  for (const name of [...requestHeaders.keys()]) requestHeaders.delete(name);
  config.serverSigningSecret = unsetSecret;
});

describe('getPage', () => {
  it('asks the BFF for the path, uncached, and returns the document', async () => {
    const fetchMock = serve(homePage());
    const page = await getPage('/');
    expect(page.kind === 'home' && page.hero.headline).toBe('Savings and support for every union family');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8080/api/v1/page?path=%2F');
    expect(init.cache).toBe('no-store');
  });

  it("passes the visitor's union along", async () => {
    const fetchMock = serve(homePage());
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
    const fetchMock = serve(site());
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
    const fetchMock = serve(site());
    await getSite('37');
    const init = sentInit(fetchMock);
    expect(init.headers).toMatchObject({ Cookie: 'session=abc' });
    expect(init.cache).toBe('no-store');
    expect(init.next).toBeUndefined();
  });

  it.each([
    ['the session with the page request', 'session', 'abc'],
    ['the __Host- session the BFF sets outside localhost', '__Host-session', 'xyz'],
  ])('forward %s', async (_, cookie, value) => {
    requestCookies.set(cookie, value);
    const fetchMock = serve(homePage());
    await getPage('/members-only');
    expect(sentInit(fetchMock).headers).toMatchObject({ Cookie: `${cookie}=${value}` });
  });
});

describe('getCart', () => {
  it('asks nothing of the BFF for a reader with neither a session nor a cart cookie: the cart is empty', async () => {
    const fetchMock = serve({ items: [{ id: 'x', quantity: 1 }], count: 1 });
    expect(await getCart()).toEqual({ items: [], count: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads a visitor's cart by its cookie, and a member's by the session", async () => {
    requestCookies.set('up_cart', 'token');
    const cart = { items: [], count: 3 };
    const fetchMock = serve(cart);
    expect(await getCart()).toEqual(cart);
    expect(sentInit(fetchMock).headers).toMatchObject({ Cookie: 'up_cart=token' });
    requestCookies.clear();
    requestCookies.set('session', 'abc');
    await getCart();
    expect(sentInit(fetchMock, 1).headers).toMatchObject({ Cookie: 'session=abc' });
  });
});

/** The headers of the n-th fetch. */
function sentInit(fetchMock: { mock: { calls: unknown[][] } }, n = 0): RequestInit & { next?: unknown } {
  return fetchMock.mock.calls[n]?.[1] as RequestInit & { next?: unknown };
}

describe('the signature', () => {
  // The BFF refuses any /api/v1 call without a valid X-Nf-Sign; the edge signs the browser's,
  // Next signs its own with SERVER_SIGNING_SECRET.
  it('goes with every server-side read, personal or cached, and verifies with the secret', async () => {
    const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('/site') ? site() : homePage())));
    vi.stubGlobal('fetch', fetchMock);
    await getPage('/');
    await getSite('37');
    expect(sentInit(fetchMock, 1).next).toEqual({ revalidate: 300, tags: ['site'] });
    for (const n of [0, 1]) {
      expectServerToken(sentHeader(sentInit(fetchMock, n), 'x-nf-sign'));
    }
  });

  it('is left off when SERVER_SIGNING_SECRET is unset (the BFF then refuses the call)', async () => {
    config.serverSigningSecret = undefined;
    const fetchMock = serve(homePage());
    await getPage('/');
    expect(sentHeader(sentInit(fetchMock), 'x-nf-sign')).toBeNull();
  });
});

describe("the visitor's address", () => {
  // The BFF charges the content it loads for a visitor to their address; Next is a proxy in
  // between, so its reads for one visitor say whom they are for, with the address the edge gave
  // (x-nf-client-connection-ip), which the BFF believes beside our signature. X-Forwarded-For,
  // which anyone can write, is never passed on.
  it('goes with a read made for this visitor alone', async () => {
    requestHeaders.set('x-nf-client-connection-ip', '203.0.113.9');
    requestHeaders.set('x-forwarded-for', '198.51.100.7, 10.0.0.2');
    const fetchMock = serve(homePage());
    await getPage('/');
    const init = sentInit(fetchMock);
    expect(init.cache).toBe('no-store');
    expect(init.headers).toMatchObject({ 'X-Nf-Client-Connection-Ip': '203.0.113.9' });
    expect(sentHeader(init, 'x-forwarded-for')).toBeNull();
  });

  it('is left off when the edge gave none', async () => {
    requestHeaders.set('x-forwarded-for', '198.51.100.7');
    const fetchMock = serve(homePage());
    await getPage('/');
    const init = sentInit(fetchMock);
    expect(sentHeader(init, 'x-nf-client-connection-ip')).toBeNull();
    expect(sentHeader(init, 'x-forwarded-for')).toBeNull();
    expect(sentHeader(init, 'x-nf-sign')).toBeTruthy();
  });

  it("never goes with a read kept in Next's cache, which is every visitor's", async () => {
    requestHeaders.set('x-nf-client-connection-ip', '203.0.113.9');
    requestHeaders.set('x-forwarded-for', '203.0.113.9');
    const fetchMock = serve(site());
    await getSite('37');
    const init = sentInit(fetchMock);
    expect(init.next).toEqual({ revalidate: 300, tags: ['site'] });
    expect(sentHeader(init, 'x-nf-client-connection-ip')).toBeNull();
    expect(sentHeader(init, 'x-forwarded-for')).toBeNull();
  });
});

describe('bffFetch', () => {
  it('sends a body as JSON with the method asked for', async () => {
    const fetchMock = serve({ message: 'ok' });
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
    const fetchMock = serve(homePage());
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
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"kind":'));
          init.signal?.addEventListener('abort', () => stream.error(init.signal?.reason));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const pending = getSite().catch((e: unknown) => e);
    // The answer has begun (an abort before it would be a call never answered, the case above).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await pending).toMatchObject({ name: 'BffError', status: 0, code: 'unavailable' });
    timeout.mockRestore();
  });
});
