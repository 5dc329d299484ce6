// Starts the server; `npm run serve` runs its build (scripts/build-server.ts, `npm run build`), `npm start` builds then serves.
// Config errors print a clear message and exit 1; SIGTERM/SIGINT close gracefully, finishing
// in-flight requests within SHUTDOWN_TIMEOUT_MS.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, parseConfig, parseSecretEnv } from './config/index.js';
import { resolveSecrets } from './keys-file.js';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const { secrets, generated, file } = await resolveSecrets(config, parseSecretEnv(process.env));
  const app = await buildApp({ config, secrets });
  if (generated.length > 0) {
    app.log.warn({ file, generated }, 'no secrets configured: generated them (development only; set TYD_* variables in production)');
  }
  closeWithGrace({ delay: config.http.timeouts.shutdownMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.http.port, host: config.http.host });
  app.log.info(
    { engine: app.database.engine, kv: config.storage.redis ? 'redis' : 'embedded', keyId: app.serverKeys.current.kid, webDist: config.http.webDist },
    'ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`tyd server: ${error.message}`);
  } else {
    console.error('tyd server: failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
