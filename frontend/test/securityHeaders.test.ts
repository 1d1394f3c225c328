import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT_HASH } from '@/lib/securityHeaders';
import {
  contentSecurityPolicy,
  embedPolicy,
  HSTS,
  isLoopbackHost,
  newNonce,
  originOf,
  securityHeaders,
  type PolicySources,
} from '@/lib/securityHeaders';

const PRODUCTION: PolicySources = {
  cmsPublicUrl: 'https://cms.example.org',
  externalFormUrl: 'https://forms.example.com/embed/{id}?x=1',
  chatbotScriptUrl: 'https://chat.example.net/widget.js',
  development: false,
};

const LOCAL: PolicySources = {
  cmsPublicUrl: 'http://127.0.0.1:8081',
  externalFormUrl: 'http://127.0.0.1:8081/sites/default/files/external-forms/{id}.html?embed=1',
  chatbotScriptUrl: '/chatbot-dev.js',
  development: false,
};

/** A policy as directive name → its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name as string, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('runs scripts by nonce, and the scripts they add, plus the early-input script and the chat assistant', () => {
    const csp = directives(contentSecurityPolicy('n0nce', PRODUCTION, true));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n0nce'", EARLY_INPUT_SCRIPT_HASH, "'strict-dynamic'", 'https://chat.example.net']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });

  it('gives each response its own nonce, and follows the configuration it is given', () => {
    const first = contentSecurityPolicy('first', PRODUCTION, true);
    const second = contentSecurityPolicy('second', PRODUCTION, true);
    expect(directives(first)['script-src']).toContain("'nonce-first'");
    expect(second).not.toContain('first');
    expect(second).toBe(first.replace("'nonce-first'", "'nonce-second'"));
    const moved = directives(contentSecurityPolicy('n', { ...PRODUCTION, cmsPublicUrl: 'https://files.example.org' }, true));
    expect(moved['img-src']).toContain('https://files.example.org');
    expect(moved['img-src']).not.toContain('https://cms.example.org');
  });

  it("allows eval only for next dev's debugging aids", () => {
    const csp = directives(contentSecurityPolicy('n', { ...PRODUCTION, development: true }, false));
    expect(csp['script-src']).toContain("'unsafe-eval'");
  });

  it('frames only YouTube, the external forms, the widget frames and the chat assistant', () => {
    const csp = directives(contentSecurityPolicy('n', PRODUCTION, true));
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://forms.example.com',
      'https://chat.example.net',
    ]);
  });

  it('closes objects, base and framing, and styles inline without a nonce', () => {
    const csp = directives(contentSecurityPolicy('n', PRODUCTION, true));
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    // A nonce beside 'unsafe-inline' would switch 'unsafe-inline' off.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://chat.example.net']);
  });

  it('takes images from the CMS, data: and https; upgrades requests only over https', () => {
    const secure = directives(contentSecurityPolicy('n', PRODUCTION, true));
    expect(secure['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:', 'https://cms.example.org']));
    expect(secure['img-src']).not.toContain('http://127.0.0.1:*');
    expect(secure['upgrade-insecure-requests']).toEqual([]);
    expect(directives(contentSecurityPolicy('n', PRODUCTION, false))).not.toHaveProperty('upgrade-insecure-requests');
  });

  it("allows the offline stack's plain-http stand-ins on this machine", () => {
    const csp = directives(contentSecurityPolicy('n', LOCAL, false));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:8081', 'http://127.0.0.1:*', 'http://localhost:*']));
    expect(csp['media-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:8081', 'http://127.0.0.1:*']));
    expect(csp['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'http://127.0.0.1:8081']);
    // A path on this site needs no source of its own.
    expect(csp['script-src']).toEqual(["'self'", "'nonce-n'", EARLY_INPUT_SCRIPT_HASH, "'strict-dynamic'"]);
  });
});

describe('embedPolicy', () => {
  it('sandboxes the widget document without same-origin rights and lets its own scripts run', () => {
    const csp = directives(embedPolicy());
    expect(csp.sandbox).toEqual(['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox']);
    expect(csp.sandbox).not.toContain('allow-same-origin');
    expect(csp['default-src']).toContain("'unsafe-inline'");
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });
});

describe('securityHeaders', () => {
  const page = { pathname: '/', secure: true, host: 'union.example.org' };

  it('sends the page policy with the nonce and the other headers', () => {
    const headers = securityHeaders(page, 'abc', PRODUCTION);
    expect(headers['Content-Security-Policy']).toContain("'nonce-abc'");
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': HSTS,
    });
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Permissions-Policy']).toContain('geolocation=()');
    // The video player's frame may still be granted these by its allow attribute.
    expect(headers['Permissions-Policy']).not.toMatch(/fullscreen|autoplay/);
    // Another site's window that opens a page loses its handle on it.
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });

  it('leaves the partner popup to the partner site that opened it, which the sign-in token reaches through window.opener', () => {
    expect(securityHeaders({ ...page, pathname: '/login/partner/test-partner' }, 'n', PRODUCTION)).not.toHaveProperty(
      'Cross-Origin-Opener-Policy',
    );
    expect(securityHeaders({ ...page, pathname: '/login' }, 'n', PRODUCTION)['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });

  it('sends no referrer at all from /reset, whose address holds the one-time code', () => {
    expect(securityHeaders({ ...page, pathname: '/reset' }, 'n', PRODUCTION)['Referrer-Policy']).toBe('no-referrer');
    expect(securityHeaders({ ...page, pathname: '/resets' }, 'n', PRODUCTION)['Referrer-Policy']).toBe(
      'strict-origin-when-cross-origin',
    );
  });

  it('sends HSTS only over https and never on this machine', () => {
    expect(securityHeaders({ ...page, secure: false }, 'n', PRODUCTION)).not.toHaveProperty('Strict-Transport-Security');
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost']) {
      expect(securityHeaders({ ...page, host }, 'n', PRODUCTION)).not.toHaveProperty('Strict-Transport-Security');
    }
  });

  it("gives the widget frames' documents their own policy, framable by the site only", () => {
    const headers = securityHeaders({ ...page, pathname: '/embed/viral-widget/x' }, 'n', PRODUCTION);
    expect(headers['Content-Security-Policy']).toBe(embedPolicy());
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
  });
});

describe('helpers', () => {
  it('makes a new 128-bit nonce every time', () => {
    const a = newNonce();
    expect(atob(a)).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it('takes the origin of http(s) URLs only', () => {
    expect(originOf('https://chat.example.net/a/b.js?x')).toBe('https://chat.example.net');
    expect(originOf('/chatbot-dev.js')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
  });

  it('knows the names of this machine', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1:13000')).toBe(true);
    expect(isLoopbackHost('[::1]:3000')).toBe(true);
    expect(isLoopbackHost('union.example.org')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.example.org')).toBe(false);
  });
});

describe('livestream pages', () => {
  const sources: PolicySources = {
    ...PRODUCTION,
    chatProviderUrl: 'https://chat-provider.example.com/sdk.js',
    livestreamEventOrigins: ['https://player.example.com'],
  };
  const page = { pathname: '/livestream/member-town-hall', secure: true, host: 'www.example.org' };

  it('allow the chat provider script and frames, and the player frame, only there', () => {
    const live = directives(securityHeaders(page, 'n', sources)['Content-Security-Policy']);
    expect(live['script-src']).toContain('https://chat-provider.example.com');
    expect(live['frame-src']).toEqual(expect.arrayContaining(['https://chat-provider.example.com', 'https://player.example.com']));
    expect(live['connect-src']).not.toContain('https://chat-provider.example.com');
    for (const pathname of ['/', '/livestream', '/benefits/livestream/x']) {
      const other = securityHeaders({ ...page, pathname }, 'n', sources)['Content-Security-Policy'];
      expect(other).not.toContain('chat-provider.example.com');
      expect(other).not.toContain('player.example.com');
    }
  });
});
