// A Netlify build plugin of this site: netlify.toml cannot read an environment variable in a
// redirect, so its proxy rule for the BFF's API names the placeholder origin https://bff.invalid,
// and this plugin puts the BFF's real origin (BFF_URL) in its place before the deploy. A build
// without an https BFF_URL fails: a site whose API points at a placeholder is not deployed.

/** The origin netlify.toml's proxy rule names for the BFF (bff/internal/dev/edge reads the same). */
export const PLACEHOLDER = 'https://bff.invalid';

/**
 * Replaces the placeholder origin in the redirect rules with BFF_URL's origin and answers how many
 * rules it changed. Throws when BFF_URL is missing or not an https origin.
 */
export function pointAtBff(redirects, bffUrl) {
  let origin;
  try {
    const url = new URL(bffUrl ?? '');
    if (url.protocol !== 'https:' || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw new Error();
    origin = url.origin;
  } catch {
    throw new Error(`BFF_URL must be the BFF's https origin (e.g. https://portal-bff-abc123-uc.a.run.app), not ${JSON.stringify(bffUrl ?? '')}`);
  }
  let changed = 0;
  for (const rule of redirects) {
    if (typeof rule.to === 'string' && rule.to.startsWith(PLACEHOLDER + '/')) {
      rule.to = origin + rule.to.slice(PLACEHOLDER.length);
      changed++;
    }
  }
  return changed;
}

export const onPreBuild = ({ netlifyConfig, utils }) => {
  try {
    const changed = pointAtBff(netlifyConfig.redirects, process.env.BFF_URL);
    if (changed === 0) utils.build.failBuild('bff-origin: no redirect names ' + PLACEHOLDER + '; netlify.toml lost its API proxy rule');
  } catch (error) {
    utils.build.failBuild('bff-origin: ' + error.message);
  }
};
