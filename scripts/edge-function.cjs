// A Next.js build's proxy run the way Netlify's Next.js runtime runs it at the edge: the build's
// server/middleware.js loaded on its own, outside Next's server, and its handler called once per
// request with the request's data (@netlify/plugin-nextjs: edge-runtime/middleware.ts, and the
// Node proxy's bundle in dist/build/functions/edge.js). It answers what the handler returns: for a
// rewrite, Next's x-middleware-rewrite and x-middleware-request-* headers.
//
// The bench runs it (node -e, with the build's folder and a port) to time the step in front of
// the CDN's cache without what `next start` adds around a proxy (bff/cmd/bench/stack.go).
const http = require('node:http');
const path = require('node:path');

const [dir, port] = process.argv.slice(1);
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
