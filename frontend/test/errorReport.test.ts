import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '@/lib/config';
import { redact, reportRequestError } from '@/lib/errorReport';

const request = { path: '/search?q=maria.lopez@example.com', method: 'GET' };
const context = { routePath: '/search', routeType: 'render' };

describe('reportRequestError (spec 1 §9: an error-reporting endpoint is configured)', () => {
  it('reads ERROR_REPORTING_URL, and reports nothing without it', async () => {
    expect(readConfig({ ERROR_REPORTING_URL: ' https://errors.example.net/report ' }).errorReportingUrl).toBe(
      'https://errors.example.net/report',
    );
    expect(readConfig({}).errorReportingUrl).toBeUndefined();
    const send = vi.fn();
    await reportRequestError(undefined, new Error('boom'), request, context, send);
    expect(send).not.toHaveBeenCalled();
  });

  it('posts a ReportedErrorEvent with the stack and digest, the path without its query, and no email', async () => {
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    const error = Object.assign(new Error('no profile for maria.lopez@example.com'), { digest: '12345' });
    await reportRequestError('https://errors.example.net/report', error, request, context, send);
    expect(send).toHaveBeenCalledOnce();
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://errors.example.net/report');
    expect(init.method).toBe('POST');
    const event = JSON.parse(init.body as string);
    expect(event.serviceContext.service).toBe('portal-frontend');
    expect(event.context.httpRequest).toEqual({ method: 'GET', url: '/search' });
    expect(event.context.reportLocation.functionName).toBe('render /search');
    expect(event.message).toContain('Error: no profile for [email]');
    expect(event.message).toContain('digest: 12345');
    expect(JSON.stringify(event)).not.toContain('@');
  });

  it('never throws when the endpoint is down', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(reportRequestError('https://errors.example.net/report', 'x', request, context, send)).resolves.toBeUndefined();
  });

  it('redacts addresses as the BFF does', () => {
    expect(redact('user a.b+c@sub.example.org not found')).toBe('user [email] not found');
  });
});
