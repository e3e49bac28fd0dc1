import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorCatalogue, type ErrorBody } from '@portal/contract';

/** HSTS for a year, sent only on https responses (browsers ignore it over http). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response. Scripts only from our origin (no inline scripts); antd's CSS-in-JS needs
 * inline styles. Pages under `relaxedPrefixes` (third-party UIs) get their own policy from their plugin. Over https
 * (`req.protocol`: X-Forwarded-Proto counts only from a proxy TRUST_PROXY trusts), Strict-Transport-Security too.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  opts: { connectSrc: string[]; relaxedPrefixes: string[] },
): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${opts.connectSrc.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (!opts.relaxedPrefixes.some((p) => req.url.startsWith(p))) reply.header('Content-Security-Policy', csp);
    return payload;
  });
}

const isSourceMap = (pathName: string) => /\.map$/i.test(pathName);

/**
 * Serves the built SPA: hashed assets pre-compressed (brotli/gzip) with a year of cache, index.html never cached,
 * and the history fallback for client routes. Unknown /api paths stay JSON 404s. Source maps are never served (the
 * build keeps them beside the bundle, unreferenced, for reading a production stack trace; the dev server has its own).
 */
export async function installSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexPath = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = !!indexPath && fs.existsSync(indexPath);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist!,
      preCompressed: true,
      // One GET/HEAD route for all the files, each found when asked for: `wildcard: false` globbed the build at start
      // and added two routes per file (~500 files with their .br/.gz twins: ~0.1 s of every start, growing with the
      // bundle). A file that is not there goes to the not-found handler below, as before; a directory is answered with
      // its index.html when it has one (`/`), else goes there too.
      wildcard: true,
      index: ['index.html'],
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/oidc');
    if (!isApi && hasSpa && (req.method === 'GET' || req.method === 'HEAD') && !isFileRequest(req.url)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    const body: ErrorBody = {
      code: 'route.notFound',
      message: errorCatalogue['route.notFound'].message,
      requestId: String(req.id),
    };
    return reply.status(404).send(body);
  });
}

/**
 * Whether a URL that matched no file asks for a file (answered 404) rather than a client route (answered with the SPA).
 * A client route's last segment may hold a dot — a user's email (/iam/entity/users/ada@example.com), a host name —
 * so only the build's folder and the extensions of files a page loads count as file requests.
 */
const FILE_EXTENSIONS =
  /\.(m?js|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|txt|xml|webmanifest|html?|br|gz)$/i;
function isFileRequest(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.startsWith('/assets/') || FILE_EXTENSIONS.test(path.extname(pathname));
}

/**
 * Request lines. Fastify's own (two lines per request at info) are off; this writes one line when a request ends:
 * always for a server error (warn) or a request slower than `slowMs` (warn), and for every request at info when
 * `mode` is `all`. Under load, logging every request costs more than serving a light route.
 */
export function installRequestLog(app: FastifyInstance, opts: { mode: 'errors' | 'all'; slowMs: number }): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const status = reply.statusCode;
    const slow = ms >= opts.slowMs;
    if (status < 500 && !slow && opts.mode !== 'all') return;
    const line = { method: req.method, url: req.url, status, ms };
    if (status >= 500 || slow) req.log.warn(line, slow ? 'slow request' : 'request failed');
    else req.log.info(line, 'request');
  });
}
