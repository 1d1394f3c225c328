import { describe, expect, it } from 'vitest';
import { cleanUnion, MAX_UNION_LENGTH } from '@/lib/union';

describe('cleanUnion', () => {
  it.each(['37', 'CWA', 'cwa', 'SAG-AFTRA', 'UNITE HERE', 'AT&T', 'c2d5f7a1-0000-4000-8000-000000000037'])('keeps %j', (value) => {
    expect(cleanUnion(value)).toBe(value);
  });

  it('trims', () => {
    expect(cleanUnion('  41 ')).toBe('41');
  });

  it.each([
    undefined,
    null,
    '',
    '   ',
    '<script>',
    '37;path=/',
    '37\r\nSet-Cookie: x=1',
    '../../etc',
    '-37',
    'a'.repeat(MAX_UNION_LENGTH + 1),
    'Ünion',
  ])('refuses %j', (value) => {
    expect(cleanUnion(value)).toBeUndefined();
  });

  it('keeps a name of the longest length', () => {
    expect(cleanUnion('a'.repeat(MAX_UNION_LENGTH))).toBe('a'.repeat(MAX_UNION_LENGTH));
  });
});
