// @vitest-environment node
// Next's traces (issue 40): the tracer provider registered only with an OTLP endpoint, spans
// exported there, and the current span's W3C traceparent on every call to the BFF.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace, type TextMapGetter } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { traceHeaders, w3cTraceContext } from '@/lib/bff/traceContext';
import { startTracing } from '@/lib/telemetry';

const getter: TextMapGetter<Record<string, string>> = { get: (c, k) => c[k], keys: (c) => Object.keys(c) };

describe('the W3C trace context', () => {
  it('reads a traceparent and writes it back as it was', () => {
    const incoming = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=x' };
    const ctx = w3cTraceContext.extract(context.active(), incoming, getter);
    expect(trace.getSpanContext(ctx)).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1, isRemote: true });
    const out: Record<string, string> = {};
    w3cTraceContext.inject(ctx, out, { set: (c, k, v) => (c[k] = v) });
    expect(out).toEqual(incoming);
  });

  it.each([
    ['an all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['an all-zero span id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['upper case', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'],
    ['another version', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['junk', 'hello'],
  ])('ignores %s', (_, traceparent) => {
    const ctx = w3cTraceContext.extract(context.active(), { traceparent }, getter);
    expect(trace.getSpanContext(ctx)).toBeUndefined();
  });
});

describe('startTracing', () => {
  it('registers nothing without an endpoint: no traceparent on calls to the BFF', async () => {
    expect(await startTracing({})).toBeUndefined();
    expect(trace.getTracer('test').startSpan('x').isRecording()).toBe(false);
    expect(traceHeaders()).toEqual({});
  });

  const received: { path: string; type: string; body: string }[] = [];
  const collector = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  afterAll(() => collector.close());

  it('with OTEL_EXPORTER_OTLP_ENDPOINT, exports spans there and puts the current span on calls to the BFF', async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint; // the exporter reads its own variables
    try {
      const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      expect(tracing).toBeDefined();
      let headers: Record<string, string> = {};
      let ids = { traceId: '', spanId: '' };
      trace.getTracer('test').startActiveSpan('render route (app) /[...path]', (span) => {
        ids = span.spanContext();
        headers = traceHeaders();
        span.end();
      });
      expect(headers.traceparent).toBe(`00-${ids.traceId}-${ids.spanId}-01`);
      // Outside any span there is nothing to continue.
      expect(traceHeaders()).toEqual({});
      // A request Next received with a traceparent continues that trace.
      const remote = propagation.extract(context.active(), { traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` }, getter);
      context.with(remote, () => trace.getTracer('test').startActiveSpan('GET /', (span) => {
        expect(span.spanContext().traceId).toBe('a'.repeat(32));
        span.end();
      }));
      await tracing!.forceFlush();
      const exported = received.filter((r) => r.path === '/v1/traces');
      expect(exported.length).toBeGreaterThan(0);
      // OTLP/HTTP with JSON bodies: what the stack's trace viewer must take (the BFF sends protobuf).
      expect(exported[0].type).toBe('application/json');
      const all = exported.map((r) => r.body).join('\n');
      expect(all).toContain('render route (app) /[...path]');
      expect(all).toContain(ids.traceId);
      expect(all).toContain('portal-frontend');
      await tracing!.shutdown();
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    }
  });
});
