// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { UNION_HEADER } from '@/lib/union';

// proxy.ts: the union a page request is for.

function run(url: string, headers: Record<string, string> = {}) {
  const response = proxy(new NextRequest(url, { headers }));
  // NextResponse.next({ request: { headers } }) hands the request headers on as x-middleware-request-*.
  const forwarded = (name: string) => response.headers.get(`x-middleware-request-${name.toLowerCase()}`);
  return { response, forwarded };
}

describe('proxy', () => {
  it('hands a well-formed ?union= on and keeps it in the cookie', () => {
    const { response, forwarded } = run('http://127.0.0.1:3000/?union=37');
    expect(forwarded(UNION_HEADER)).toBe('37');
    expect(response.cookies.get('union')?.value).toBe('37');
  });

  it('ignores a malformed ?union= and a malformed cookie alike', () => {
    const query = run('http://127.0.0.1:3000/?union=%3Cscript%3E', { cookie: 'union=41' });
    expect(query.forwarded(UNION_HEADER)).toBe('41');
    expect(query.response.cookies.get('union')).toBeUndefined();
    const cookie = run('http://127.0.0.1:3000/', { cookie: 'union=a%0d%0ab' });
    expect(cookie.forwarded(UNION_HEADER)).toBeNull();
  });

  it('drops a union header the browser sent itself', () => {
    const { forwarded } = run('http://127.0.0.1:3000/', { [UNION_HEADER]: '41' });
    expect(forwarded(UNION_HEADER)).toBeNull();
  });
});
