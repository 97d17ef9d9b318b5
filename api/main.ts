import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, defaultWebDir } from './app.js';
import { ConfigError, databaseLimits, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createServices } from './services/index.js';
import { ensurePrivateDir, restrictNewFiles } from './security/file-modes.js';
import { httpServerOptions } from './http/server-options.js';

/** `npm start`: one process serving the PWA and the API. */
async function main(): Promise<void> {
  // Operators may keep settings in ./.env; real environment variables win over it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Clinical records: whatever this process creates is owner-only, the data folder too.
  restrictNewFiles();
  ensurePrivateDir(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    limits: databaseLimits(config),
  });
  await migrateToLatest(database.db);
  const services = createServices({ config, database });
  // Loads the local model when WHISPER_WARM_UP=on, and starts taking jobs (pg-boss: from every process).
  await services.start();
  const app = createApp({ services, webDir: defaultWebDir });
  // What a kill -9 left in the audio store (half-written uploads, audio whose row was never saved).
  void services.retention.sweepBlobs().then(
    (swept) => {
      if (swept.temporaryBlobsDeleted + swept.orphanBlobsDeleted > 0) {
        console.log(
          `[blobs] removed ${swept.temporaryBlobsDeleted} unfinished uploads and ${swept.orphanBlobsDeleted} unreferenced audio files`,
        );
      }
    },
    (error: unknown) =>
      console.error(`[blobs] sweep failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  const purgeHours = config.RETENTION_PURGE_INTERVAL_HOURS;
  const stopPurge =
    purgeHours > 0 ? services.retention.schedule(purgeHours * 60 * 60 * 1000) : () => undefined;
  if (!fs.existsSync(defaultWebDir))
    console.warn('The web app is not built (npm run build); serving the API only.');

  const server = serve(
    { fetch: app.fetch, hostname: config.HOST, port: config.PORT, serverOptions: httpServerOptions(config) },
    (info) => {
      console.log(
        `VeldVet listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`,
      );
      console.log(`Data: ${config.dataDir}  Database: ${database.dialect} (${database.location})`);
    },
  );

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stopPurge();
    // No new connections; running jobs are handed back (pg-boss: another process retries them; in this
    // process: they fail with 503 + Retry-After and the recorder sends them again), then the engines close.
    server.close();
    void services
      .stop()
      .catch((error: unknown) => console.error('[shutdown] stopping jobs failed:', error))
      .then(() => database.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: one line, no stack.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? `Startup failed: ${error.message}` : error);
  process.exit(1);
});
