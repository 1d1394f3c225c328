// The site's proxy as Netlify's Next.js runtime runs it: an edge function in front of the CDN's
// cache. The runtime loads the build's server/middleware.js on its own, outside Next's server, and
// calls its handler once per request with the request's data (@netlify/plugin-nextjs:
// edge-runtime/middleware.ts; dist/build/functions/edge.js bundles a Node proxy this way). So does
// this server, in Node rather than Deno: it answers what the handler returns, Next's own
// protocol (x-middleware-rewrite, x-middleware-next, x-middleware-override-headers and
// x-middleware-request-*), which the stack's edge applies as the runtime does
// (bff/internal/dev/edge, nextruntime.go).
//
//   node scripts/edge-function.cjs <folder with .next> <port>
//
// The stack runs it on the production build (`.bin/stack test`); `make bench` also runs it on the
// empty app's, to time the step without what the site's proxy does.
const http = require('node:http');
const path = require('node:path');

const [dir, port] = process.argv.slice(2);
const built = require(path.resolve(dir, '.next', 'server', 'middleware.js'));
const handler = built.default || built;

http
  .createServer(async (req, res) => {
    try {
      const headers = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = [value].flat().join(', ');
      const { response } = await handler({
        request: { headers, method: req.method, url: `http://${req.headers.host}${req.url}`, nextConfig: {} },
      });
      const out = [];
      response.headers.forEach((value, name) => name !== 'set-cookie' && out.push(name, value));
      for (const cookie of response.headers.getSetCookie()) out.push('set-cookie', cookie);
      res.writeHead(response.status, out);
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    } catch (err) {
      console.error(err);
      res.writeHead(500).end();
    }
  })
  .listen(Number(port), '127.0.0.1');
