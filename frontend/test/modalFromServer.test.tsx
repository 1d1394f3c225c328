import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Modal } from '@/components/modals/Modal';
import { installDialog } from './dialog';

beforeAll(installDialog);

const modal = () => (
  <Modal title="Choose your state" onClose={() => {}} name="state">
    <p>Shipping outside the United States?</p>
  </Modal>
);

// Issue 38, goal 3: a modal the server drew open (the store's state modal) is on the screen from
// the first paint; it must not rise in again when the scripts make it modal, which the browser
// would take as a new, later largest paint.
describe("the server's open modal", () => {
  it('becomes modal without a second entrance', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(modal());
    document.body.appendChild(container);
    await act(async () => {
      hydrateRoot(container, modal());
    });
    const dialog = container.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.hasAttribute('data-from-server')).toBe(true);
    container.remove();
  });

  it('while a modal opened in the browser rises in as usual', () => {
    const dialog = render(modal()).container.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.hasAttribute('data-from-server')).toBe(false);
  });
});
