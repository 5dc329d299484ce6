// Serves the built web app (WEB_DIST) on the API's port (issue 2 "Walking skeleton"):
// - hashed assets under /assets are immutable for a year; other build files are revalidated;
// - index.html is never cached and carries the browser config and the XSRF-TOKEN cookie, so one web
//   build works against any server's keys (issue 3 "Operations");
// - the history fallback (servePage via plugins/not-found.ts) applies to page routes only, so a
//   missing /assets/x.js stays a real 404.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BrowserConfig } from '../config.js';

export interface WebApp {
  isPageRoute(request: FastifyRequest): boolean;
  servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webApp: WebApp;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<` escaped so the JSON can never close the script element (HTML §4.12.1.3). */
export function configScript(config: BrowserConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="tyd-config" type="application/json">${json}</script>`;
}

/**
 * The page CSP: only our own origin, plus the config data block by hash (a JSON block is never executed,
 * the hash only makes the allowance explicit). Inline styles are allowed because React and toast
 * libraries set style attributes; no inline script is. frame-ancestors 'none': native apps load the page
 * as a top-level document in their webviews, which this does not affect, while any site framing it to
 * overlay a lending form (clickjacking) is refused.
 */
function pageCsp(scriptHash: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' '${scriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STATIC_DOCUMENT_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export default fp(
  async (fastify: FastifyInstance, opts: { webDist: string; browserConfig: BrowserConfig }) => {
    const indexFile = join(opts.webDist, 'index.html');
    const assetsDir = join(opts.webDist, 'assets') + sep;
    const script = configScript(opts.browserConfig);
    const scriptContent = script.slice(script.indexOf('>') + 1, script.lastIndexOf('<'));
    const csp = pageCsp(`sha256-${createHash('sha256').update(scriptContent).digest('base64')}`);
    let cached: { mtimeMs: number; html: string } | undefined;

    if (existsSync(opts.webDist)) {
      await fastify.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        cacheControl: false,
        // index.html is only ever served with the config injected, by servePage.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
          // Static documents (the legal texts under /agreements) may use the build's stylesheets and
          // images, and nothing else: no scripts, no frames, no forms.
          if (filePath.endsWith('.html')) res.setHeader('content-security-policy', STATIC_DOCUMENT_CSP);
        },
      });
    } else {
      fastify.log.warn({ webDist: opts.webDist }, 'web build not found: the API works, pages answer "run npm run build"');
    }

    /** index.html with the config injected, re-read when the build changes (mtime). */
    async function renderIndex(): Promise<string | undefined> {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(indexFile)).mtimeMs;
      } catch {
        return undefined;
      }
      if (cached?.mtimeMs !== mtimeMs) {
        const source = await readFile(indexFile, 'utf8');
        const at = source.indexOf('</head>');
        cached = { mtimeMs, html: at < 0 ? `${script}${source}` : `${source.slice(0, at)}${script}${source.slice(at)}` };
      }
      return cached.html;
    }

    fastify.decorate('webApp', {
      isPageRoute(request) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return false;
        const path = request.url.split('?', 1)[0] ?? '';
        if (path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith('/assets/') || path === '/assets') return false;
        const last = path.slice(path.lastIndexOf('/') + 1);
        if (last.includes('.') && path !== '/index.html') return false;
        const accept = request.headers.accept ?? '';
        return accept.includes('text/html') || accept.includes('*/*');
      },
      async servePage(request, reply) {
        const html = await renderIndex();
        reply.header('cache-control', 'no-cache, no-store');
        fastify.xsrf.ensureCookie(request, reply);
        if (html === undefined) {
          return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`, then reload.\n');
        }
        return reply.code(200).type('text/html; charset=utf-8').header('content-security-policy', csp).send(html);
      },
    } satisfies WebApp);
  },
  { name: 'web-app', fastify: '5.x', dependencies: ['xsrf'] },
);
