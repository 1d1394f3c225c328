// @vitest-environment node
// Issue 40: every server-side call to the BFF carries the span Next is in (W3C traceparent), so
// the BFF's span for it joins Next's trace; with tracing off, nothing is added.
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ROOT_CONTEXT, context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPage, getSite } from '@/lib/bff/server';
import { w3cTraceContext } from '@/lib/bff/traceContext';
import { askBff, forgetFoundPages } from '@/lib/missingPage';
import { homePage, site } from './examples';
import { sentHeader } from './signatureCheck';

vi.mock('next/headers', () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers(),
}));

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const inSpan = <T>(fn: () => Promise<T>) =>
  context.with(trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED }), fn);

function serve(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'Page-Kind': 'page' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof serve>, n = 0) => (fetchMock.mock.calls[n] as unknown as [string, RequestInit])[1];

afterEach(() => {
  vi.unstubAllGlobals();
  propagation.disable();
  context.disable();
});

describe('the trace context on calls to the BFF', () => {
  it('goes on a page read, a cached chrome read and the proxy’s question, as the current span', async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(w3cTraceContext);
    const page = serve(homePage());
    await inSpan(() => getPage('/'));
    expect(sentHeader(sent(page), 'traceparent')).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);

    const chrome = serve(site());
    await inSpan(() => getSite());
    expect(sentHeader(sent(chrome), 'traceparent')).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
    // Next leaves it out of its data cache's key (lower case, as written here): the read is shared still.
    expect(Object.keys(sent(chrome).headers as Record<string, string>)).toContain('traceparent');

    forgetFoundPages();
    const head = serve({});
    await inSpan(() => askBff('/api/v1/page?path=%2Fbenefits%2Fwireless', new NextRequest('http://127.0.0.1:3000/benefits/wireless')));
    expect(sentHeader(sent(head), 'traceparent')).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
  });

  it('is left off with tracing off (no propagator registered)', async () => {
    const page = serve(homePage());
    await inSpan(() => getPage('/about-us'));
    expect(sentHeader(sent(page), 'traceparent')).toBeNull();
  });
});
