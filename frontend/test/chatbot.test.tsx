import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '@/lib/bff/queries';
import { Chatbot, CHATBOT_SCRIPT_ID } from '@/components/shell/Chatbot';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

// The chat assistant (spec 1 §1, §4): its script is in the page only while a member is signed in.

const script = () => document.getElementById(CHATBOT_SCRIPT_ID) as HTMLScriptElement | null;

/** What the vendor's script does when it runs (jsdom does not load scripts): a launcher in <body>. */
function launcherAppears() {
  const button = document.createElement('button');
  button.id = 'chatbot-launcher';
  document.body.append(button);
}

describe('Chatbot', () => {
  afterEach(() => document.getElementById('chatbot-launcher')?.remove());

  it('adds nothing for a visitor', () => {
    renderWithSession(<Chatbot scriptUrl="/chatbot-dev.js" />, VISITOR);
    expect(script()).toBeNull();
  });

  it('adds the configured script for a member', () => {
    renderWithSession(<Chatbot scriptUrl="https://chat.example.org/widget.js" />, SIGNED_IN);
    expect(script()?.src).toBe('https://chat.example.org/widget.js');
    expect(script()?.async).toBe(true);
  });

  it('adds it on sign-in, and on sign-out removes it and what it added, leaving the page alone', async () => {
    const { client, container } = renderWithSession(
      <>
        <p>Page content</p>
        <Chatbot scriptUrl="/chatbot-dev.js" />
      </>,
      VISITOR,
    );
    act(() => client.setQueryData(SESSION_KEY, SIGNED_IN));
    await waitFor(() => expect(script()?.getAttribute('src')).toBe('/chatbot-dev.js'));
    launcherAppears();

    act(() => client.setQueryData(SESSION_KEY, VISITOR));
    await waitFor(() => expect(script()).toBeNull());
    expect(document.getElementById('chatbot-launcher')).toBeNull();
    expect(container.isConnected).toBe(true);
    expect(container.textContent).toContain('Page content');
  });

  it('keeps what React itself put straight into <body> while the member was signed in', async () => {
    // As in the root layout, where an open modal is a direct child of <body>.
    const page = (modal: boolean) => (
      <>
        {modal && <div id="react-modal">Modal</div>}
        <Chatbot scriptUrl="/chatbot-dev.js" />
      </>
    );
    const { client, rerender } = renderWithSession(page(false), VISITOR, {
      container: document.body,
      baseElement: document.body,
    });
    act(() => client.setQueryData(SESSION_KEY, SIGNED_IN));
    await waitFor(() => expect(script()).not.toBeNull());
    rerender(page(true));
    expect(document.getElementById('react-modal')?.parentElement).toBe(document.body);

    act(() => client.setQueryData(SESSION_KEY, VISITOR));
    await waitFor(() => expect(script()).toBeNull());
    expect(document.getElementById('react-modal')).not.toBeNull();
  });

  it('adds it again on the next sign-in', async () => {
    const { client } = renderWithSession(<Chatbot scriptUrl="/chatbot-dev.js" />, SIGNED_IN);
    act(() => client.setQueryData(SESSION_KEY, VISITOR));
    await waitFor(() => expect(script()).toBeNull());
    act(() => client.setQueryData(SESSION_KEY, SIGNED_IN));
    await waitFor(() => expect(script()).not.toBeNull());
    expect(document.querySelectorAll(`#${CHATBOT_SCRIPT_ID}`)).toHaveLength(1);
  });
});
