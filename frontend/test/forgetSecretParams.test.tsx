import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgetSecretParams } from '@/components/shell/ForgetSecretParams';

// /reset reads the emailed link's oobCode and apiKey, then takes them out of the address bar.

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('ForgetSecretParams', () => {
  it('takes the code and the key out of the address, keeping the rest, without a new entry', () => {
    window.history.replaceState(null, '', '/reset?apiKey=k3y&lang=en&mode=resetPassword&oobCode=c0de#form');
    const length = window.history.length;
    render(<ForgetSecretParams />);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/reset?lang=en&mode=resetPassword#form',
    );
    expect(window.history.length).toBe(length);
  });

  it('leaves an address without secrets alone', () => {
    window.history.replaceState(null, '', '/reset?lang=en');
    const replace = vi.spyOn(window.history, 'replaceState');
    render(<ForgetSecretParams />);
    expect(replace).not.toHaveBeenCalled();
  });
});
