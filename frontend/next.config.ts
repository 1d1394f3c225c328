import type { NextConfig } from 'next';
import uploads from '../contracts/uploads.json';
import { config } from './lib/config';
import { PRIVACY_HREF, TERMS_HREF } from './lib/accountRoutes';

const nextConfig: NextConfig = {
  // The browser talks to one origin; Next forwards the BFF's API so its cookies stay first-party.
  async rewrites() {
    return [{ source: '/api/v1/:path*', destination: `${config.bffUrl}/api/v1/:path*` }];
  },
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
    // The rewrite forwards a copy of the request body that Next cuts off at this size (10 MB by
    // default): a case document may be up to contracts/uploads.json's maxBytes, so allow that and
    // room to spare; the BFF refuses anything over maxBytes itself.
    proxyClientMaxBodySize: uploads.limits.maxBytes + 1024 * 1024,
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
