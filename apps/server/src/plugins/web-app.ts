// Serves the built web app (WEB_DIST) on the API's port (docs/operations.md "Serving the web build"):
// - hashed assets under /assets are immutable for a year; other build files are revalidated;
// - index.html is never cached and carries the browser config and the XSRF-TOKEN cookie, so one web
//   build works against any server's keys (docs/api.md "Other routes on the same port");
// - the history fallback (servePage via plugins/not-found.ts) applies to page routes only, so a
//   missing /assets/x.js stays a real 404;
// - everything travels compressed when the client accepts it (docs/architecture.md "Delivery"): build
//   files from the brotli and gzip copies the build writes beside them, the page from copies made once
//   per route and build; the page also names the route's chunks for preloading (route-preloads.ts);
// - the page carries the route's first screen prerendered at build time, set for a browser or the app
//   (first-screen.ts), so it paints before any script ran; its scripts load as the build's index.html
//   names them (the entry as a module script) with the route's chunks as modulepreload links, so they
//   start with the HTML and the page hydrates as soon as they have run;
// - /ops and below get the operators' console instead (ops.html, its own entry; docs/operations.md "The
//   console"): no config, no first screen, no XSRF cookie, and a stricter CSP.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BrowserConfig } from '../config/index.js';
import { applyFirstScreen, jsonDataBlock, pickFirstScreen, readPrerenders, type Prerenders } from './first-screen.js';
import { modulePreloadLinks, readRoutePreloads, stylesheetLinks, type RoutePreloads } from './route-preloads.js';

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

export function configScript(config: BrowserConfig): string {
  return jsonDataBlock('tyd-config', config);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page CSP: only our own origin, plus the inline scripts by hash: the config data block (a JSON
 * block is never executed, the hash only makes the allowance explicit) and the build's own, which index.html
 * carries as plain `<script>` (the early-tap recorder, docs/architecture.md "Delivery"). Inline styles are
 * allowed because React and toast libraries set style attributes; no other inline script is. frame-ancestors 'none': native apps load the page as
 * a top-level document in their webviews, which this does not affect, while any site framing it to
 * overlay a lending form (clickjacking) is refused.
 */
function pageCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`,
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

/** The copies the build writes beside each compressible file (apps/web/vite.config.ts `tyd:precompress`). */
const PRECOMPRESSED = /\.(br|gz)$/;

/** The page as sent: identity and its two compressed forms, made once per route and build. */
interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The console's CSP: scripts and styles from this origin only, no inline script or style element at all (it
 * has none; React's style properties are set through the CSSOM, which CSP does not govern), calls to this
 * origin only, no frames, forms posting nowhere else, no <base>.
 */
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The console's addresses: /ops and every page below it (its API, /ops/api, is routes of its own). */
export const isConsolePath = (path: string) => path === '/ops' || path.startsWith('/ops/');

/** The request's path, without its query. */
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

const STATIC_DOCUMENT_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export default fp(
  async (fastify: FastifyInstance, opts: { webDist: string; browserConfig: BrowserConfig }) => {
    const indexFile = join(opts.webDist, 'index.html');
    const consoleFile = join(opts.webDist, 'ops.html');
    let consolePage: { mtimeMs: number; page: EncodedPage } | undefined;
    const assetsDir = join(opts.webDist, 'assets') + sep;
    const script = configScript(opts.browserConfig);
    const scriptContent = script.slice(script.indexOf('>') + 1, script.lastIndexOf('<'));
    const configHash = sha256(scriptContent);
    let build:
      | { mtimeMs: number; source: string; csp: string; preloads: RoutePreloads; prerenders: Prerenders | undefined; pages: Map<string, EncodedPage> }
      | undefined;

    if (existsSync(opts.webDist)) {
      await fastify.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        cacheControl: false,
        // index.html is only ever served with the config injected, by servePage. The .br/.gz copies are
        // reached through content negotiation only, never by their own names.
        allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/ops.html' && !PRECOMPRESSED.test(pathName),
        // Picks file.br or file.gz by Accept-Encoding (q-values honoured), falls back to the file when
        // a copy is missing, and sends the copy's own Content-Length and ETag (its size differs) with
        // the original's Content-Type. Range applies to the representation sent (RFC 9110 §14.1.2).
        preCompressed: true,
        setHeaders: (res, servedPath) => {
          const filePath = servedPath.replace(PRECOMPRESSED, '');
          res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
          // Caches must keep the encodings apart (RFC 9110 §12.5.5), also on the identity answer.
          res.setHeader('vary', 'accept-encoding');
          // Static documents (the legal texts under /agreements) may use the build's stylesheets and
          // images, and nothing else: no scripts, no frames, no forms.
          if (filePath.endsWith('.html')) res.setHeader('content-security-policy', STATIC_DOCUMENT_CSP);
        },
      });
    } else {
      fastify.log.warn({ webDist: opts.webDist }, 'web build not found: the API works, pages answer "run npm run build"');
    }

    /**
     * index.html for a request, with the config, the chunks of the route whose page will show and its
     * first screen (first-screen.ts) injected, encoded once per variant; everything is re-read when the
     * build changes (index.html's mtime; the build writes the prerenders right after it). Unknown paths
     * share the 404 page's variants, so the cache holds a few pages per route (browser or app, with or
     * without the prerender).
     */
    async function renderPage(request: FastifyRequest): Promise<{ page: EncodedPage; csp: string } | undefined> {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(indexFile)).mtimeMs;
      } catch {
        return undefined;
      }
      if (build?.mtimeMs !== mtimeMs) {
        const [source, preloads, prerenders] = await Promise.all([readFile(indexFile, 'utf8'), readRoutePreloads(opts.webDist), readPrerenders(opts.webDist)]);
        const buildScripts = [...source.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256(match[1]!));
        build = { mtimeMs, source, csp: pageCsp([configHash, ...buildScripts]), preloads, prerenders, pages: new Map() };
      }
      const requestPath = pathOf(request);
      const screen = pickFirstScreen(build.prerenders, { url: request.url, userAgent: request.headers['user-agent'], cookies: request.cookies });
      // The chunks of the page that will show: the prerender's route (login for a guarded route), else the path's.
      const linksRoute = screen.route ?? (build.preloads.has(requestPath) ? requestPath : '*');
      const key = `${linksRoute} ${screen.route ?? '-'} ${screen.inApp ? 'app' : 'web'} ${screen.visitor ? 'visitor' : '-'}`;
      let page = build.pages.get(key);
      if (!page) {
        const chunks = build.preloads.get(linksRoute);
        const source = applyFirstScreen(build.source, screen);
        const at = source.indexOf('</head>');
        // The scripts start with the HTML, prerendered first screen or not: the entry's module script
        // stays where the build put it, and the route's chunks are preloaded beside it.
        const head = `${stylesheetLinks(chunks)}${modulePreloadLinks(chunks)}${script}`;
        page = encodePage(at < 0 ? `${head}${source}` : `${source.slice(0, at)}${head}${source.slice(at)}`);
        build.pages.set(key, page);
      }
      return { page, csp: build.csp };
    }

    /** ops.html as built (it needs nothing injected), encoded once per build. */
    async function renderConsole(): Promise<EncodedPage | undefined> {
      try {
        const { mtimeMs } = await stat(consoleFile);
        if (consolePage?.mtimeMs !== mtimeMs) consolePage = { mtimeMs, page: encodePage(await readFile(consoleFile, 'utf8')) };
        return consolePage.page;
      } catch {
        return undefined;
      }
    }

    function sendEncoded(request: FastifyRequest, reply: FastifyReply, page: EncodedPage) {
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    }

    fastify.decorate('webApp', {
      isPageRoute(request) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return false;
        const path = pathOf(request);
        if (path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith('/assets/') || path === '/assets') return false;
        const last = path.slice(path.lastIndexOf('/') + 1);
        if (last.includes('.') && path !== '/index.html') return false;
        const accept = request.headers.accept ?? '';
        return accept.includes('text/html') || accept.includes('*/*');
      },
      async servePage(request, reply) {
        reply.header('cache-control', 'no-cache, no-store');
        if (isConsolePath(pathOf(request))) {
          const page = await renderConsole();
          if (page === undefined)
            return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`, then reload.\n');
          reply.code(200).type('text/html; charset=utf-8').header('content-security-policy', CONSOLE_CSP).header('x-robots-tag', 'noindex, nofollow');
          return sendEncoded(request, reply.header('vary', 'accept-encoding'), page);
        }
        const rendered = await renderPage(request);
        fastify.xsrf.ensureCookie(request, reply);
        if (rendered === undefined) {
          return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`, then reload.\n');
        }
        // The page differs by encoding, and by what first-screen.ts reads: the app's user agent, the session cookie.
        const { page, csp } = rendered;
        reply.code(200).type('text/html; charset=utf-8').header('content-security-policy', csp).header('vary', 'accept-encoding, user-agent, cookie');
        return sendEncoded(request, reply, page);
      },
    } satisfies WebApp);
  },
  { name: 'web-app', fastify: '5.x', dependencies: ['xsrf'] },
);
