// The topology's nginx configuration, made from the shipped files in deploy/nginx (docs/operations.md
// "One machine, the whole topology"), so what the tests and benches go through is the production
// configuration: only the ports, the certificate's place, the include folder and the upstream's
// addresses differ, each replaced where the shipped file has it (a replacement that finds nothing throws,
// so the shipped file cannot drift away from what is tested). Around it, a main file for an nginx that
// runs unprivileged in its own folder, in the foreground.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../apps/server/src/paths.js';
import type { LocalCertificates } from './local-ca.js';

export interface NginxLayout {
  /** The folder nginx runs in: its configuration, pid, logs and temporary files. */
  prefix: string;
  httpsPort: number;
  httpPort: number;
  /** Ports of the server processes on 127.0.0.1, in order. */
  serverPorts: number[];
  certificates: LocalCertificates;
  /** Lines of tyd-ops-access.conf; the shipped file's when absent. */
  opsAccess?: string[];
}

const shipped = (name: string) => readFileSync(join(repoRoot, 'deploy/nginx', name), 'utf8');

/** `text` with each `[from, to]` replaced (every occurrence); throws when `from` does not occur. */
function replaced(name: string, text: string, replacements: Array<[string | RegExp, string]>): string {
  return replacements.reduce((result, [from, to]) => {
    const next = typeof from === 'string' ? result.replaceAll(from, to) : result.replace(from, to);
    if (next === result) throw new Error(`deploy/nginx/${name} no longer has ${String(from)}: update deploy/topology/nginx-config.ts with it`);
    return next;
  }, text);
}

/** Writes the configuration into `layout.prefix` and returns the main file's path. */
export function writeNginxConfig(layout: NginxLayout): string {
  const { prefix, httpsPort, httpPort, serverPorts, certificates } = layout;
  const includes = join(prefix, 'tyd');
  mkdirSync(includes, { recursive: true });
  const site = replaced('tyd.conf', shipped('tyd.conf'), [
    ['include /etc/nginx/tyd/', `include ${includes}/`],
    ['    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${httpPort};\n`],
    ['    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n', `    listen 127.0.0.1:${httpsPort} ssl http2;\n`],
    ['return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`],
    ['/etc/ssl/tyd/fullchain.pem', certificates.fullchain],
    ['/etc/ssl/tyd/privkey.pem', certificates.key],
  ]);
  const serverLine = /^ {4}server 127\.0\.0\.1:\d+ (.*);\n/m;
  const parameters = serverLine.exec(shipped('tyd-upstream.conf'))?.[1];
  if (parameters === undefined) throw new Error('deploy/nginx/tyd-upstream.conf has no `server 127.0.0.1:<port> …;` line');
  const upstream = replaced('tyd-upstream.conf', shipped('tyd-upstream.conf'), [
    [new RegExp(`(${serverLine.source})+`, 'm'), serverPorts.map((port) => `    server 127.0.0.1:${port} ${parameters};\n`).join('')],
  ]);
  writeFileSync(join(includes, 'tyd-upstream.conf'), upstream);
  writeFileSync(join(includes, 'tyd-proxy.conf'), shipped('tyd-proxy.conf'));
  writeFileSync(join(includes, 'tyd-ops-access.conf'), layout.opsAccess ? `${layout.opsAccess.join('\n')}\n` : shipped('tyd-ops-access.conf'));
  writeFileSync(join(prefix, 'site.conf'), site);
  // Debian's nginx.conf sets these for the http context (and runs as root to bind 80 and 443); here nginx
  // runs as whoever starts it, in the foreground, with everything it writes in its own folder.
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, 'temp', name), { recursive: true });
  const main = join(prefix, 'nginx.conf');
  writeFileSync(
    main,
    [
      'daemon off;',
      'worker_processes 2;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      '    sendfile on;',
      '    tcp_nopush on;',
      '    server_tokens off;',
      `    access_log ${join(prefix, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
      `    include ${join(prefix, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return main;
}
