import type { NextConfig } from 'next';
import { PRIVACY_HREF, TERMS_HREF } from './lib/accountRoutes';

const nextConfig: NextConfig = {
  // No rewrite of /api/v1 here. The browser talks to one origin, so the BFF's cookies stay
  // first-party, but the edge in front of Next (Netlify's CDN in production, the stack's edge on
  // :3000 offline) proxies /api/v1 to the BFF itself, signed (X-Nf-Sign; the BFF refuses any call
  // without it), so the browser's calls and uploads never pass through a Next function (Netlify's
  // functions take bodies of 6 MB at most and time out after 26 s). Next's own server-side calls go
  // straight to the BFF (config.bffUrl) and sign themselves (lib/bff/signing.ts).

  // The grant forms link their terms and privacy pages at the addresses spec 2 §2 gives, which
  // the CMS does not have: it keeps those pages at TERMS_HREF and PRIVACY_HREF (the footer's and
  // the account forms' links). The spec's addresses move there for good, for the forms and for
  // anyone holding such a link.
  async redirects() {
    return [
      { source: '/page/terms-and-conditions', destination: TERMS_HREF, permanent: true },
      { source: '/page/privacy', destination: PRIVACY_HREF, permanent: true },
    ];
  },
  // Images come sized from the CMS; there is no optimisation service to run or pay for.
  images: { unoptimized: true },
  poweredByHeader: false,
  // No ETag on pages: Next would hash every cached page's HTML on every request to make one, and
  // no browser sends it back, since every page is `no-store` (proxy.ts). The BFF's documents and
  // Next's static assets have ETags of their own.
  generateEtags: false,
  experimental: {
    // The page cache (lib/pageCache.ts) keeps a page per (path, union) in memory only, where Next
    // bounds it (cacheMaxMemorySize, least recently used out first). On disk it would grow with
    // every union name a visitor types into ?union=, and outlive the deployment's CMS state.
    isrFlushToDisk: false,
  },
  // `make dev` prints 127.0.0.1 addresses; Next's dev server only hydrates pages for origins it
  // knows, and localhost is the only one it knows by default.
  allowedDevOrigins: ['127.0.0.1'],
  reactStrictMode: true,
};

export default nextConfig;
