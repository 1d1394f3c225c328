import { describe, expect, it } from 'vitest';
import { originOf, partnerMessage, postToAllowedOrigins, tokenMessage, unloadMessage } from '@/lib/partners';

describe('postToAllowedOrigins', () => {
  it('posts once per allowed origin, each with that origin as the target, never *', () => {
    const calls: [unknown, string][] = [];
    const target = { postMessage: (m: unknown, o: string) => calls.push([m, o]) };
    const n = postToAllowedOrigins(target, ['https://a.example', 'https://a.example/', 'http://b.example:3100', 'not a url', 'javascript:alert(1)'], tokenMessage('t0k'));
    expect(n).toBe(2);
    expect(calls).toEqual([
      [{ type: 'upCustomToken', token: 't0k' }, 'https://a.example'],
      [{ type: 'upCustomToken', token: 't0k' }, 'http://b.example:3100'],
    ]);
    expect(calls.some(([, o]) => o === '*')).toBe(false);
  });

  it('posts nothing when the partner allows no origin', () => {
    const calls: string[] = [];
    expect(postToAllowedOrigins({ postMessage: (_m, o) => calls.push(o) }, [], unloadMessage())).toBe(0);
    expect(calls).toEqual([]);
  });

  it('keeps going when one post throws', () => {
    const calls: string[] = [];
    const target = {
      postMessage: (_m: unknown, o: string) => {
        if (o === 'https://a.example') throw new Error('closed');
        calls.push(o);
      },
    };
    expect(postToAllowedOrigins(target, ['https://a.example', 'https://b.example'], unloadMessage())).toBe(1);
    expect(calls).toEqual(['https://b.example']);
  });
});

describe('originOf and the words', () => {
  it('reads only http(s) origins', () => {
    expect(originOf('https://cars.example.com/deals?x=1')).toBe('https://cars.example.com');
    expect(originOf('data:text/html,hi')).toBeNull();
    expect(originOf('')).toBeNull();
  });
  it('fills the placeholders', () => {
    expect(partnerMessage('partnerNotFound', { id: 'x' })).toBe('Partner x not found.');
    expect(partnerMessage('doneTitle')).toBe('Login verified');
  });
});
