'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Livestream } from '@/lib/bff/types';
import { livestreamApi } from '@/lib/bff/browser';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { FormAlert, SubmitButton, TextField } from '@/components/forms/fields';
import buttons from '@/components/common/ButtonLink.module.css';
import {
  CHAT_HASH,
  LOGOUT_CALLBACK_DELAY_MS,
  MESSAGE_DEBOUNCE_MS,
  adminRequested,
  chatCookie,
  chatUngated,
  chatUsername,
  checkAccess,
  clearedChatCookie,
  debounce,
  isLogoutMessage,
  livestreamMessage as t,
  livestreamSlug,
  loginAccepted,
  nameMaxLength,
  type AccessErrors,
} from '@/lib/livestream';
import { loadChatProvider } from './chatProvider';
import styles from './LivestreamView.module.css';

/** The origin of the provider's script address, which its frames and messages come from. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return undefined;
  }
}

/**
 * A livestream (spec 3 §2 'Livestream page', §4 'Livestream chat'): the event's player and, when
 * the page has comments, the chat beside it, gated by the access form until the person has
 * entered (the livestream_{id} cookie). A fullscreen view shows both; only there can the comments
 * be hidden and shown again.
 */
export function LivestreamView({ stream, pagePath, chatProviderUrl }: { stream: Livestream; pagePath: string; chatProviderUrl: string }) {
  const hasComments = Boolean(stream.commentSource);
  const [fullscreen, setFullscreen] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(true);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreenButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.dataset.livestreamFullscreen = '';
    return () => {
      document.removeEventListener('keydown', onKey);
      delete document.documentElement.dataset.livestreamFullscreen;
    };
  }, [fullscreen]);

  const toggleFullscreen = () => {
    setFullscreen((on) => !on);
    setCommentsOpen(true);
    // The button moves with the view: keep the focus on it.
    requestAnimationFrame(() => fullscreenButton.current?.focus());
  };

  const showComments = hasComments && (!fullscreen || commentsOpen);
  return (
    <section className={`container ${styles.section}`} aria-label={t('player')}>
      <div
        ref={stage}
        className={styles.stage}
        data-fullscreen={fullscreen || undefined}
        data-comments={showComments || undefined}
        role={fullscreen ? 'dialog' : undefined}
        aria-modal={fullscreen || undefined}
        aria-label={fullscreen ? t('player') : undefined}
      >
        <div className={styles.toolbar}>
          {fullscreen && hasComments && (
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary} ${styles.tool}`}
              aria-expanded={commentsOpen}
              onClick={() => setCommentsOpen((open) => !open)}
            >
              {commentsOpen ? t('hideComments') : t('showComments')}
            </button>
          )}
          <button
            ref={fullscreenButton}
            type="button"
            className={`${buttons.button} ${buttons.secondary} ${styles.tool}`}
            aria-pressed={fullscreen}
            onClick={toggleFullscreen}
          >
            {fullscreen ? t('exitFullscreen') : t('fullscreen')}
          </button>
        </div>
        <div className={styles.player}>
          <iframe
            src={stream.eventSource}
            title={t('player')}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
        {hasComments && (
          <aside className={styles.comments} aria-label={t('comments')} hidden={!showComments}>
            <ChatPanel stream={stream} pagePath={pagePath} chatProviderUrl={chatProviderUrl} />
          </aside>
        )}
      </div>
    </section>
  );
}

type Gate = 'unknown' | 'gated' | 'open';

/**
 * The chat: the provider's room, behind the access form until the person has entered. Entering
 * writes the comment-access record through the BFF (not for an admin), then logs in to the
 * provider; its pm.4 or pm.5 sets the cookie and opens the chat. The provider's logout callback
 * (registered 2 s after load) or its message 0 clears the cookie and gates it again.
 */
function ChatPanel({ stream, pagePath, chatProviderUrl }: { stream: Livestream; pagePath: string; chatProviderUrl: string }) {
  const [admin, setAdmin] = useState(false);
  const [gate, setGate] = useState<Gate>('unknown');
  const [loginError, setLoginError] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);

  // The cookie is the browser's: read after hydration, so the server's HTML never guesses it.
  // ?cadmin=true too: the page's HTML is shared by every reader of the path, whatever its query.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie and the address, read once hydrated (above)
    setGate(chatUngated(document.cookie, stream.id) ? 'open' : 'gated');
    setAdmin(adminRequested(window.location.search));
  }, [stream.id]);

  const regate = useCallback(() => {
    document.cookie = clearedChatCookie(stream.id);
    setGate('gated');
  }, [stream.id]);

  useEffect(() => {
    const providerOrigin = originOf(chatProviderUrl);
    const later = debounce(regate, MESSAGE_DEBOUNCE_MS);
    const onMessage = (event: MessageEvent) => {
      if (isLogoutMessage(event, providerOrigin)) later.call();
    };
    window.addEventListener('message', onMessage);
    let cancelled = false;
    const provider = loadChatProvider(chatProviderUrl);
    provider.then((p) => p.mount?.()).catch(() => setLoginError(t('unavailable')));
    const register = window.setTimeout(() => {
      provider.then((p) => !cancelled && p.logout({ callback: () => !cancelled && later.call() })).catch(() => undefined);
    }, LOGOUT_CALLBACK_DELAY_MS);
    return () => {
      cancelled = true;
      window.removeEventListener('message', onMessage);
      window.clearTimeout(register);
      later.cancel();
    };
  }, [chatProviderUrl, regate]);

  const login = useCallback(
    async (username: string, password?: string) => {
      setLoginError(null);
      setLoggingIn(true);
      try {
        const provider = await loadChatProvider(chatProviderUrl);
        const status = await new Promise<unknown>((resolve) =>
          provider.login({ hash: CHAT_HASH, username, password, callback: (r) => resolve(r?.status) }),
        );
        if (loginAccepted(status)) {
          document.cookie = chatCookie(stream.id);
          setGate('open');
        } else {
          setLoginError(t('loginFailed'));
        }
      } catch {
        setLoginError(t('unavailable'));
      } finally {
        setLoggingIn(false);
      }
    },
    [chatProviderUrl, stream.id],
  );

  return (
    <div className={styles.chat}>
      <h2 className={styles.chatTitle}>{t('comments')}</h2>
      {gate === 'gated' && (
        <AccessForm admin={admin} slug={livestreamSlug(pagePath)} busy={loggingIn} loginError={loginError} onEntered={login} />
      )}
      {gate !== 'gated' && loginError && <FormAlert message={loginError} />}
      <div
        className={styles.room}
        hidden={gate !== 'open'}
        data-chat-hash={CHAT_HASH}
        data-chat-room={stream.commentSource}
        data-chat-title={t('chat')}
      />
    </div>
  );
}

function AccessForm({
  admin,
  slug,
  busy,
  loginError,
  onEntered,
}: {
  admin: boolean;
  slug: string;
  busy: boolean;
  loginError: string | null;
  onEntered: (username: string, password?: string) => Promise<void>;
}) {
  const titleId = useId();
  const [values, setValues] = useState({ name: '', email: '', password: '', updates: true });
  const [errors, setErrors] = useState<AccessErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const enter = useBffMutation({
    mutationFn: () => livestreamApi.enter(slug, { name: values.name.trim(), email: values.email.trim(), updates: values.updates }),
    onSuccess: (access) => onEntered(access.username),
    onError: (error) => setErrors({ name: error.fields.name, email: error.fields.email }),
  });
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = key === 'updates' ? e.target.checked : e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkAccess(values, admin);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    // An admin signs in to the provider with a password; no comment-access record is theirs.
    if (admin) void onEntered(chatUsername(values.name), values.password);
    else void enter.run();
  }

  const failed = enter.error && !enter.error.fields.name && !enter.error.fields.email ? enter.error.detail || t('unavailable') : null;
  const pending = busy || enter.pending;
  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.formTitle}>
        {admin ? t('adminFormTitle') : t('formTitle')}
      </h3>
      <p className={styles.formIntro}>{admin ? t('adminFormIntro') : t('formIntro')}</p>
      <TextField
        label={t('displayName')}
        required
        maxLength={nameMaxLength}
        autoComplete="nickname"
        value={values.name}
        error={errors.name}
        onChange={set('name')}
      />
      {admin ? (
        <TextField
          label={t('password')}
          type="password"
          required
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
      ) : (
        <>
          <TextField
            label={t('email')}
            type="email"
            required
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={set('email')}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={values.updates} onChange={set('updates')} />
            <span>{t('updates')}</span>
          </label>
        </>
      )}
      <FormAlert message={failed ?? loginError} />
      <SubmitButton busy={pending} disabled={pending}>
        {pending ? t('entering') : t('enter')}
      </SubmitButton>
    </form>
  );
}
