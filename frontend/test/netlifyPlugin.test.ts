// The build plugin that points netlify.toml's API proxy at the BFF (netlify/plugins/bff-origin).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// @ts-expect-error: a plain JavaScript module of the Netlify build, without types.
import { PLACEHOLDER, onPreBuild, pointAtBff } from '../../netlify/plugins/bff-origin/index.js';

const rule = () => ({ from: '/api/v1/*', to: `${PLACEHOLDER}/api/v1/:splat`, status: 200, force: true, signed: 'EDGE_SIGNING_SECRET' });

describe('bff-origin', () => {
  it('puts the BFF origin in place of the placeholder and leaves other rules alone', () => {
    const other = { from: '/old', to: '/new', status: 301 };
    const redirects = [rule(), other];
    expect(pointAtBff(redirects, 'https://portal-bff-abc123-uc.a.run.app/')).toBe(1);
    expect(redirects[0]).toMatchObject({ to: 'https://portal-bff-abc123-uc.a.run.app/api/v1/:splat', signed: 'EDGE_SIGNING_SECRET' });
    expect(redirects[1]).toEqual({ from: '/old', to: '/new', status: 301 });
  });

  it.each([undefined, '', 'http://portal-bff.example.org', 'https://portal-bff.example.org/api', 'not a url'])(
    'refuses a BFF_URL that is no https origin: %s',
    (value) => {
      expect(() => pointAtBff([rule()], value)).toThrow(/BFF_URL must be/);
    },
  );

  it('fails the build rather than deploy a placeholder', () => {
    const failures: string[] = [];
    const utils = { build: { failBuild: (message: string) => failures.push(message) } };
    const saved = process.env.BFF_URL;
    delete process.env.BFF_URL;
    try {
      onPreBuild({ netlifyConfig: { redirects: [rule()] }, utils });
    } finally {
      if (saved !== undefined) process.env.BFF_URL = saved;
    }
    expect(failures).toEqual([expect.stringContaining('BFF_URL must be')]);
  });

  it('is the rule netlify.toml has: a forced, signed rewrite of the API to the placeholder', () => {
    const toml = readFileSync(resolve(__dirname, '../../netlify.toml'), 'utf8');
    const block = toml.slice(toml.indexOf('[[redirects]]'), toml.indexOf('[[plugins]]'));
    expect(block).toContain('from = "/api/v1/*"');
    expect(block).toContain(`to = "${PLACEHOLDER}/api/v1/:splat"`);
    expect(block).toContain('status = 200');
    expect(block).toContain('force = true');
    expect(block).toContain('signed = "EDGE_SIGNING_SECRET"');
    expect(toml).toContain('package = "/netlify/plugins/bff-origin"');
  });
});
