// The chat provider's script in the page (spec 3 §7 'Chat provider'): loaded once per page by
// address, it fills every [data-chat-hash] element with the chat room and offers login and
// logout on window.chatProvider. The production provider and the stack's stand-in
// (bff/cmd/chatstub) share this interface.

export interface LoginResult {
  status?: unknown;
}

export interface ChatProvider {
  /** Fills [data-chat-hash] elements added since the script ran. */
  mount?: () => void;
  login: (options: { hash: string; username: string; password?: string; callback: (result: LoginResult) => void }) => void;
  logout: (options: { callback: () => void }) => void;
}

declare global {
  interface Window {
    chatProvider?: ChatProvider;
  }
}

const loading = new Map<string, Promise<ChatProvider>>();

/** Adds the provider's script once and answers its API when it has run. */
export function loadChatProvider(src: string): Promise<ChatProvider> {
  if (window.chatProvider) return Promise.resolve(window.chatProvider);
  const ready = loading.get(src);
  if (ready) return ready;
  const promise = new Promise<ChatProvider>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.chatProvider ? resolve(window.chatProvider) : reject(new Error('chat provider missing')));
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error('chat provider unavailable'));
    };
    document.body.append(script);
  });
  loading.set(src, promise);
  return promise;
}
