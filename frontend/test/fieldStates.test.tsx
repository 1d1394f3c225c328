import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextField } from '@/components/forms/fields';
import { useForm, type FieldErrors } from '@/components/forms/useForm';

interface Values {
  email: string;
  nickname: string;
  state: string;
}

const check = (v: Values): FieldErrors => ({
  ...(v.email.includes('@') ? {} : { email: 'Please enter a valid email.' }),
  ...(v.state ? {} : { state: 'Please choose a state.' }),
});

function Fixture() {
  const form = useForm<Values>({ email: '', nickname: '', state: '' }, check);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <TextField label="Email" required {...form.bind('email')} />
      <TextField label="Nickname" {...form.bind('nickname')} />
      <SelectField label="State" placeholder="- Select -" options={[{ value: 'OH', label: 'Ohio' }]} {...form.bind('state')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** The state a field shows, as its shell carries it: 'success', 'error' or 'plain'. */
function stateOf(label: string): string {
  const shell = screen.getByLabelText(new RegExp(`^${label}`)).closest('div')!;
  if (shell.hasAttribute('data-invalid')) return shell.hasAttribute('data-valid') ? 'both' : 'error';
  return shell.hasAttribute('data-valid') ? 'success' : 'plain';
}

describe('field states (spec 1 §5, spec 2 §5: error, success, focused, disabled, required)', () => {
  it('shows neither state before a field was touched', () => {
    render(<Fixture />);
    expect(stateOf('Email')).toBe('plain');
  });

  it('shows success on a field left filled and passing its checks, and error once it fails', () => {
    render(<Fixture />);
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'pat@example.com' } });
    fireEvent.blur(email);
    expect(stateOf('Email')).toBe('success');
    expect(email.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(email, { target: { value: 'pat' } });
    expect(stateOf('Email')).toBe('error');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('leaves an optional field that was left empty plain: nothing was confirmed', () => {
    render(<Fixture />);
    const nickname = screen.getByLabelText('Nickname');
    fireEvent.blur(nickname);
    expect(stateOf('Nickname')).toBe('plain');
  });

  it('on submit marks every filled, passing field as a success and every failing one as an error', () => {
    render(<Fixture />);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(stateOf('Email')).toBe('success');
    expect(stateOf('State')).toBe('error');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'OH' } });
    expect(stateOf('State')).toBe('success');
  });
});
