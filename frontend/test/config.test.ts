import { describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/config';

/** The defaults beside those above: the timeout above the BFF's own. */
const LOCAL_DEFAULTS = {
  bffTimeoutMs: 20_000,
};

describe('readConfig', () => {
  it('takes the support line from SUPPORT_PHONE, as the BFF does', () => {
    expect(readConfig({ SUPPORT_PHONE: ' 800-555-0100 ' }).supportPhone).toBe('800-555-0100');
  });

  it('defaults to the local BFF and no revalidate secret', () => {
    expect(readConfig({})).toEqual({
      bffUrl: 'http://127.0.0.1:8080',
      revalidateSecret: undefined,
      chatbotScriptUrl: '/chatbot-dev.js',
      supportPhone: '800-472-2005',
      ...LOCAL_DEFAULTS,
    });
  });

  it('takes BFF_URL without trailing slashes, and the secret', () => {
    expect(readConfig({ BFF_URL: 'https://bff.example.org/ ', REVALIDATE_SECRET: 's3cret' })).toEqual({
      bffUrl: 'https://bff.example.org',
      revalidateSecret: 's3cret',
      chatbotScriptUrl: '/chatbot-dev.js',
      supportPhone: '800-472-2005',
      ...LOCAL_DEFAULTS,
    });
  });

  it('takes the chat assistant script from CHATBOT_SCRIPT_URL', () => {
    expect(readConfig({ CHATBOT_SCRIPT_URL: ' https://chat.example.org/widget.js ' }).chatbotScriptUrl).toBe(
      'https://chat.example.org/widget.js',
    );
  });

  it('takes BFF_TIMEOUT_MS when it is a positive whole number of milliseconds', () => {
    expect(readConfig({ BFF_TIMEOUT_MS: '30000' }).bffTimeoutMs).toBe(30_000);
    for (const bad of ['0', '-5', '1.5', 'soon', '']) expect(readConfig({ BFF_TIMEOUT_MS: bad }).bffTimeoutMs).toBe(20_000);
  });
});
