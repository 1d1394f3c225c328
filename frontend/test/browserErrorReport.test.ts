import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportCaughtError } from '@/lib/browserErrorReport';
import { readBrowserReport, reportBrowserError, reportablePath } from '@/lib/errorReport';

describe('a browser error boundary reports to the error-reporting endpoint (issue 40, spec 1 §9)', () => {
  it('names the page without its query, fragment or a member uid', () => {
    expect(reportablePath('/search?q=maria.lopez@example.com#top')).toBe('/search');
    expect(reportablePath('/account/4fJr9Qx2/profile')).toBe('/account/[uid]/profile');
    expect(reportablePath('/account/4fJr9Qx2')).toBe('/account/[uid]');
    expect(reportablePath('/account/favorites')).toBe('/account/favorites');
    expect(reportablePath('')).toBe('/');
  });

  it("sends the browser's own error to this site's /api/errors, no query, no uid", async () => {
    const send = vi.fn(async () => new Response(null, { status: 204 }));
    await reportCaughtError(new TypeError('cannot read x of undefined'), '/account/4fJr9Qx2/forms', send);
    expect(send).toHaveBeenCalledOnce();
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const body = JSON.parse(init.body as string);
    expect(body.path).toBe('/account/[uid]/forms');
    expect(body.message).toContain('TypeError: cannot read x of undefined');
    expect(JSON.stringify(body)).not.toContain('4fJr9Qx2');
  });

  it('leaves a server error (it has a digest) to the server, which reported it already', async () => {
    const send = vi.fn();
    await reportCaughtError(Object.assign(new Error('An error occurred in the Server Components render.'), { digest: '1234' }), '/', send);
    expect(send).not.toHaveBeenCalled();
  });

  it('never throws when the site cannot be reached', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(reportCaughtError(new Error('x'), '/', send)).resolves.toBeUndefined();
  });
});

describe('POST /api/errors', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads only a report of the shape the boundary sends, cut to size, its path made reportable again', () => {
    expect(readBrowserReport({ message: 'Error: x', path: '/store?x=1' })).toEqual({ message: 'Error: x', path: '/store' });
    expect(readBrowserReport({ message: 'x'.repeat(10_000), path: '/' })?.message).toHaveLength(4000);
    for (const bad of [null, 'x', {}, { message: '', path: '/' }, { message: 'x', path: 'https://evil.example/' }, { message: 1, path: '/' }]) {
      expect(readBrowserReport(bad)).toBeUndefined();
    }
  });

  it('forwards it as a ReportedErrorEvent of the browser, emails taken out', async () => {
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    await reportBrowserError('https://errors.example.net/report', { message: 'Error: no card for pat@example.org\n    at Card (page.js:1:2)', path: '/account/[uid]' }, send);
    const event = JSON.parse((send.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(event.serviceContext.service).toBe('portal-frontend');
    expect(event.context.reportLocation.functionName).toBe('browser /account/[uid]');
    expect(event.context.httpRequest.url).toBe('/account/[uid]');
    expect(event.message).toContain('Error: no card for [email]');
    expect(event.message).toContain('at Card (page.js:1:2)');
    expect(JSON.stringify(event)).not.toContain('@');
  });

  async function post(init: { body?: string; headers?: Record<string, string> }) {
    const { POST } = await import('@/app/api/errors/route');
    return POST(new Request('http://127.0.0.1:3000/api/errors', { method: 'POST', body: init.body ?? '{"message":"Error: x","path":"/"}', headers: init.headers }));
  }

  it('answers 204, and refuses another site, junk, a large body and a flood from one address', async () => {
    const here = { 'x-nf-client-connection-ip': '198.51.100.20', 'sec-fetch-site': 'same-origin' };
    expect((await post({ headers: here })).status).toBe(204);
    expect((await post({ headers: { ...here, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const other = { 'x-nf-client-connection-ip': '198.51.100.21' };
    expect((await post({ headers: other, body: 'not json' })).status).toBe(400);
    expect((await post({ headers: other, body: JSON.stringify({ message: 'x'.repeat(9000), path: '/' }) })).status).toBe(413);
    const flood = { 'x-nf-client-connection-ip': '198.51.100.22' };
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ headers: flood })).status);
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await post({ headers: { 'x-nf-client-connection-ip': '198.51.100.23' } })).status).toBe(204);
  });
});
