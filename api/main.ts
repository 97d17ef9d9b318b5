import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, defaultWebDir } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { httpServerOptions } from './http/server-options.js';
import { loadDotEnv, startRuntime, stopOnSignals } from './lifecycle.js';
import { logger } from './logging/logger.js';

/** `npm start`: one process serving the PWA and the API. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const { database, services } = await startRuntime(config);
  const app = createApp({ services, webDir: defaultWebDir });
  // What a kill -9 left in the audio store (half-written uploads, audio whose row was never saved).
  void services.retention.sweepBlobs().then(
    (swept) => {
      if (swept.temporaryBlobsDeleted + swept.orphanBlobsDeleted > 0) {
        logger.info(
          swept,
          `removed ${swept.temporaryBlobsDeleted} unfinished uploads and ${swept.orphanBlobsDeleted} unreferenced audio files`,
        );
      }
    },
    (error: unknown) => logger.error({ err: error }, 'blob sweep failed'),
  );
  const purgeHours = config.RETENTION_PURGE_INTERVAL_HOURS;
  const stopPurge =
    purgeHours > 0 ? services.retention.schedule(purgeHours * 60 * 60 * 1000) : () => undefined;
  if (!fs.existsSync(defaultWebDir))
    logger.warn('The web app is not built (npm run build); serving the API only.');

  const server = serve(
    { fetch: app.fetch, hostname: config.HOST, port: config.PORT, serverOptions: httpServerOptions(config) },
    (info) => {
      // The operator's banner stays plain text on stdout whatever LOG_LEVEL says (scripts wait for it too).
      console.log(
        `VeldVet listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`,
      );
      console.log(`Data: ${config.dataDir}  Database: ${database.dialect} (${database.location})`);
    },
  );
  stopOnSignals({ database, services }, () => {
    stopPurge();
    server.close();
  });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: one line, no stack.
  if (error instanceof ConfigError) console.error(error.message);
  else logger.fatal({ err: error }, 'startup failed');
  process.exit(1);
});
