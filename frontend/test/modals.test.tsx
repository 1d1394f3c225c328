import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GateModal } from '@/components/auth/GateModal';
import { Modal } from '@/components/modals/Modal';
import { rememberOpener } from '@/components/modals/opener';
import { ModalHost } from '@/components/shell/ModalHost';
import { PageModalDressing } from '@/components/modals/PageModalDressing';
import { modalFromParam } from '@/components/modals/modalParam';
import { site } from './examples';
import { nav } from './navigationMock';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

describe('modalFromParam', () => {
  it.each([
    ['login', 'login'],
    ['signin', 'login'],
    ['register', 'signup'],
    ['signup', 'signup'],
    ['forgot', 'reset'],
    ['bogus', 'invalid'],
    ['', 'invalid'],
    ['LOGIN', 'invalid'],
  ])('%j opens %s', (value, kind) => {
    expect(modalFromParam(value)).toBe(kind);
  });

  it('opens nothing without the parameter', () => {
    expect(modalFromParam(null)).toBeNull();
  });
});

describe('ModalHost', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['/?modal=login', 'Log In'],
    ['/?modal=signin', 'Log In'],
    ['/?modal=register', 'Create Your Account'],
    ['/?modal=signup', 'Create Your Account'],
    ['/?modal=forgot', 'Forgot Password'],
  ])('%s opens the dialog %j', (href, title) => {
    nav.go(href);
    renderWithSession(<ModalHost />);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('opens nothing without the parameter', () => {
    renderWithSession(<ModalHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('clears an unknown value after 200 ms', () => {
    vi.useFakeTimers();
    nav.go('/benefits?union=7&modal=bogus');
    renderWithSession(<ModalHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(199));
    expect(nav.replace).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(nav.replace).toHaveBeenCalledWith('/benefits?union=7', { scroll: false });
  });

  it('closes on Escape by taking the parameter out of the address', () => {
    nav.go('/benefits?modal=login&union=7');
    renderWithSession(<ModalHost />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(nav.replace).toHaveBeenCalledWith('/benefits?union=7', { scroll: false });
  });

  it('links the modals to each other on the same page', () => {
    nav.go('/benefits?modal=login');
    renderWithSession(<ModalHost />);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/benefits?modal=forgot',
    );
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe(
      '/benefits?modal=signup',
    );
  });
});

describe('Modal', () => {
  it('is a native dialog shown modally: focus moves in, Escape and the backdrop close it, focus goes back', async () => {
    const onClose = vi.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const view = render(
      <Modal title="Hello" onClose={onClose}>
        <a href="/one">One</a>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Hello' }) as HTMLDialogElement;
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(dialog);
    expect(document.body.style.overflow).toBe('hidden');

    // Tab goes round the dialog's controls.
    const close = screen.getByRole('button', { name: 'Close' });
    const link = screen.getByRole('link', { name: 'One' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);

    // Escape is the browser's cancel, which the dialog turns into onClose and stays open for.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);

    // jsdom lays nothing out: the dialog's box is empty, so a point away from 0,0 is outside it.
    const outside = { clientX: 500, clientY: 500 };
    fireEvent.mouseDown(screen.getByRole('link', { name: 'One' }));
    fireEvent.click(dialog, outside); // a drag that ends on the backdrop does not count
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(dialog, outside);
    fireEvent.click(dialog, outside);
    expect(onClose).toHaveBeenCalledTimes(2);

    view.unmount();
    await Promise.resolve();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('gives the focus back to the link that opened it by the address, or to the page', async () => {
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    const link = document.createElement('a');
    link.href = '/?modal=login';
    main.append(link);
    document.body.append(main);
    // The link is clicked and the address changes; the focus is elsewhere when the modal mounts.
    rememberOpener(link);
    document.body.focus();
    const first = render(<Modal title="First" onClose={() => undefined}>x</Modal>);
    first.unmount();
    await Promise.resolve();
    expect(document.activeElement).toBe(link);

    // The page drawn anew while the modal was open: the same link, a new element, takes it.
    rememberOpener(link);
    const again = render(<Modal title="Again" onClose={() => undefined}>x</Modal>);
    const redrawn = link.cloneNode(true) as HTMLAnchorElement;
    link.replaceWith(redrawn);
    again.unmount();
    await Promise.resolve();
    expect(document.activeElement).toBe(redrawn);

    // Opened with no click (the address on arrival): the page's main landmark takes it.
    (document.activeElement as HTMLElement).blur();
    const second = render(<Modal title="Second" onClose={() => undefined}>x</Modal>);
    second.unmount();
    await Promise.resolve();
    expect(document.activeElement).toBe(main);
    main.remove();
  });

  it('under StrictMode keeps the focus in the dialog while React runs its effects twice', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const blurred = vi.fn();
    render(
      <StrictMode>
        <Modal title="Strict" onClose={() => undefined}>
          <input aria-label="Field" data-autofocus onBlur={blurred} />
        </Modal>
      </StrictMode>,
    );
    await Promise.resolve();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Field' }));
    expect(blurred).not.toHaveBeenCalled();
    opener.remove();
  });
});

describe('GateModal', () => {
  beforeEach(() => nav.reset());

  it('offers log in and sign up on this page, and closing it goes home', () => {
    nav.go('/benefits/members-only');
    renderWithSession(<GateModal />);
    const dialog = screen.getByRole('dialog', { name: 'Members only' });
    expect(dialog.textContent).toMatch(/signed-in members/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/benefits/members-only?modal=login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/benefits/members-only?modal=signup',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(nav.push).toHaveBeenCalledWith('/', undefined);
  });

  it('steps aside while the login modal is open', () => {
    nav.go('/benefits/members-only?modal=login');
    renderWithSession(<GateModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the editors' custom login and signup modals", () => {
  beforeEach(() => nav.reset());
  const dressing = site().authModals;

  it('puts the login picture and words beside the form, keeping the title and the form', () => {
    nav.go('/?modal=login');
    renderWithSession(<ModalHost dressing={dressing} />);
    const dialog = screen.getByRole('dialog', { name: 'Log In' });
    const panel = within(dialog).getByText('Welcome back').closest('div')!.parentElement!;
    expect(within(panel).getByText('Log in to see the benefits available through your union.')).toBeTruthy();
    const picture = panel.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('https://cms.example.org/sites/default/files/global/login-modal.svg');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['515', '595']);
    expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
  });

  it('shows the signup icon and headline above its title, its picture behind it, on the left', () => {
    nav.go('/?modal=signup');
    renderWithSession(<ModalHost dressing={dressing} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Your Account' });
    expect(within(dialog).getByText('Unlock your union benefits')).toBeTruthy();
    const icon = dialog.querySelector('img')!;
    expect([icon.getAttribute('src'), icon.getAttribute('width'), icon.getAttribute('height')]).toEqual([
      'https://cms.example.org/sites/default/files/global/signup-icon.svg',
      '70',
      '70',
    ]);
    expect(dialog.getAttribute('data-placement')).toBe('left');
    // The picture is behind the dialog, outside it (the dialog's ::backdrop lets it show).
    expect(dialog.previousElementSibling!.getAttribute('src')).toBe(
      'https://cms.example.org/sites/default/files/global/signup-background.svg',
    );
  });

  it('keeps the plain modals when the editors set nothing', () => {
    nav.go('/?modal=signup');
    renderWithSession(<ModalHost dressing={{}} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Your Account' });
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.getAttribute('data-placement')).toBe('center');
    expect(dialog.previousElementSibling).toBeNull();
  });
});

describe("a benefit's own modals", () => {
  beforeEach(() => nav.reset());
  const dressing = site().authModals;
  const own = { login: { headline: 'Your rebate is waiting' } };
  /**
   * The benefit's page on screen, as ContentPage draws it, beside the shell's modals; a new
   * element each time, since React does not render the same element object again.
   */
  const benefitPage = () => (
    <>
      <PageModalDressing dressing={own} />
      <ModalHost dressing={dressing} />
    </>
  );

  it('are shown while its page is on screen, each modal it leaves plain being the site’s', () => {
    nav.go('/benefits/smartphone-rebate?modal=login');
    const { rerender } = renderWithSession(benefitPage());
    let dialog = screen.getByRole('dialog', { name: 'Log In' });
    expect(within(dialog).getByText('Your rebate is waiting')).toBeTruthy();
    expect(within(dialog).queryByText('Welcome back')).toBeNull();

    nav.go('/benefits/smartphone-rebate?modal=signup');
    rerender(benefitPage());
    dialog = screen.getByRole('dialog', { name: 'Create Your Account' });
    expect(within(dialog).getByText('Unlock your union benefits')).toBeTruthy();
  });

  it('leave with the page: the next page shows the site’s', () => {
    nav.go('/benefits/smartphone-rebate?modal=login');
    const { rerender } = renderWithSession(benefitPage());
    expect(screen.getByText('Your rebate is waiting')).toBeTruthy();
    nav.go('/?modal=login');
    rerender(<ModalHost dressing={dressing} />);
    const dialog = screen.getByRole('dialog', { name: 'Log In' });
    expect(within(dialog).getByText('Welcome back')).toBeTruthy();
    expect(within(dialog).queryByText('Your rebate is waiting')).toBeNull();
  });
});
