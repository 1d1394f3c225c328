import { describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/config';

/** The defaults that match the local stack's fixture CMS, and the timeout above the BFF's own. */
const LOCAL_DEFAULTS = {
  bffTimeoutMs: 20_000,
  cmsPublicUrl: 'http://127.0.0.1:8081',
  externalFormUrl: 'http://127.0.0.1:8081/sites/default/files/external-forms/{id}.html?embed=1',
  chatProviderUrl: 'http://127.0.0.1:8086/sdk.js',
  livestreamEventOrigins: ['http://127.0.0.1:8081'],
  development: false,
  testRoute: false,
  siteUrl: 'http://127.0.0.1:3000',
};

describe('readConfig', () => {
  it('takes the support line from SUPPORT_PHONE, as the BFF does', () => {
    expect(readConfig({ SUPPORT_PHONE: ' 800-555-0100 ' }).supportPhone).toBe('800-555-0100');
  });

  it('defaults to the local BFF and no revalidate or signing secret', () => {
    expect(readConfig({})).toEqual({
      bffUrl: 'http://127.0.0.1:8080',
      revalidateSecret: undefined,
      serverSigningSecret: undefined,
      chatbotScriptUrl: '/chatbot-dev.js',
      supportPhone: '800-472-2005',
      ...LOCAL_DEFAULTS,
    });
  });

  it('takes BFF_URL without trailing slashes, and the secret', () => {
    expect(readConfig({ BFF_URL: 'https://bff.example.org/ ', REVALIDATE_SECRET: 's3cret' })).toEqual({
      bffUrl: 'https://bff.example.org',
      revalidateSecret: 's3cret',
      serverSigningSecret: undefined,
      chatbotScriptUrl: '/chatbot-dev.js',
      supportPhone: '800-472-2005',
      ...LOCAL_DEFAULTS,
    });
  });

  it('takes the key that signs our calls to the BFF from SERVER_SIGNING_SECRET, as the BFF does', () => {
    expect(readConfig({ SERVER_SIGNING_SECRET: ' n3xt-signs ' }).serverSigningSecret).toBe('n3xt-signs');
    expect(readConfig({ SERVER_SIGNING_SECRET: '   ' }).serverSigningSecret).toBeUndefined();
    expect(readConfig({ REVALIDATE_SECRET: 's3cret' }).serverSigningSecret).toBeUndefined();
  });

  it('takes the public origin from SITE_URL, else from the deployment URL Netlify sets', () => {
    expect(readConfig({ SITE_URL: 'https://www.unionplus.org/', URL: 'https://x.netlify.app' }).siteUrl).toBe('https://www.unionplus.org');
    expect(readConfig({ URL: 'https://x.netlify.app' }).siteUrl).toBe('https://x.netlify.app');
  });

  it('takes the chat assistant script from CHATBOT_SCRIPT_URL', () => {
    expect(readConfig({ CHATBOT_SCRIPT_URL: ' https://chat.example.org/widget.js ' }).chatbotScriptUrl).toBe(
      'https://chat.example.org/widget.js',
    );
  });

  it('takes the CMS public URL as the BFF does: CMS_PUBLIC_URL, else CMS_URL', () => {
    expect(readConfig({ CMS_URL: 'http://cms.internal:8080/', CMS_PUBLIC_URL: 'https://files.example.org/' })).toMatchObject({
      cmsPublicUrl: 'https://files.example.org',
      externalFormUrl: 'https://files.example.org/sites/default/files/external-forms/{id}.html?embed=1',
    });
    expect(readConfig({ CMS_URL: 'https://cms.example.org' }).cmsPublicUrl).toBe('https://cms.example.org');
    expect(readConfig({ EXTERNAL_FORM_URL: 'https://forms.example.com/f/{id}' }).externalFormUrl).toBe(
      'https://forms.example.com/f/{id}',
    );
  });

  it('takes BFF_TIMEOUT_MS when it is a positive whole number of milliseconds', () => {
    expect(readConfig({ BFF_TIMEOUT_MS: '30000' }).bffTimeoutMs).toBe(30_000);
    for (const bad of ['0', '-5', '1.5', 'soon', '']) expect(readConfig({ BFF_TIMEOUT_MS: bad }).bffTimeoutMs).toBe(20_000);
  });

  it('knows next dev by NODE_ENV', () => {
    expect(readConfig({ NODE_ENV: 'development' }).development).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).development).toBe(false);
  });

  it('has the test route in development and test only (spec 1 §1)', () => {
    expect(readConfig({ NODE_ENV: 'development' }).testRoute).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', PORTAL_ENV: 'test' }).testRoute).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).testRoute).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', PORTAL_ENV: 'production' }).testRoute).toBe(false);
  });

  it('takes the livestream chat provider and the player frames\' origins', () => {
    expect(
      readConfig({
        CHAT_PROVIDER_URL: ' https://chat.example.net/sdk.js ',
        LIVESTREAM_EVENT_ORIGINS: 'https://player.example.com/, https://live.example.org',
      }),
    ).toMatchObject({
      chatProviderUrl: 'https://chat.example.net/sdk.js',
      livestreamEventOrigins: ['https://player.example.com', 'https://live.example.org'],
    });
  });
});
