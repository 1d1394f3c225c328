import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from '@/components/auth/PasswordFields';

// The live checklist of the password rule (spec 1 §5): each rule marked, in words as well.

function rules(password: string) {
  const view = render(<PasswordChecklist password={password} />);
  const items = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
  const result = items.map((li) => ({ rule: li.getAttribute('data-rule'), met: li.getAttribute('data-met'), text: li.textContent }));
  view.unmount();
  return result;
}

describe('PasswordChecklist', () => {
  it('lists the four rules, none met for an empty password', () => {
    expect(rules('')).toEqual([
      { rule: 'length', met: 'false', text: '•at least 8 characters (not met)' },
      { rule: 'upper', met: 'false', text: '•1 uppercase letter (not met)' },
      { rule: 'lower', met: 'false', text: '•1 lowercase letter (not met)' },
      { rule: 'digit', met: 'false', text: '•1 number (not met)' },
    ]);
  });

  it('marks each rule as it is met', () => {
    expect(rules('abc').map((r) => r.met)).toEqual(['false', 'false', 'true', 'false']);
    expect(rules('ABCdefgh').map((r) => r.met)).toEqual(['true', 'true', 'true', 'false']);
    expect(rules('Password1').map((r) => r.met)).toEqual(['true', 'true', 'true', 'true']);
  });

  it('says met in words, not only with the tick', () => {
    const [length] = rules('12345678');
    expect(length?.text).toBe('✓at least 8 characters (met)');
  });
});
