import fs from 'node:fs';
import { ConfigError, databaseLimits, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createServices } from './services/index.js';
import { ensurePrivateDir, restrictNewFiles } from './security/file-modes.js';
import { logger } from './logging/logger.js';

/**
 * `npm run worker`: a process that only runs jobs (transcriptions) from the shared pg-boss queue, next to
 * or instead of the API processes (JOBS_WORKER=off there). PostgreSQL only: with SQLite the jobs run
 * inside the one server process. See docs/architecture-jobs.md.
 */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig({ ...process.env, JOBS_WORKER: 'on' });
  if (!config.DATABASE_URL || !/^postgres(ql)?:\/\//i.test(config.DATABASE_URL)) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL=postgres://…: with SQLite, jobs run inside the server',
    );
  }
  restrictNewFiles();
  ensurePrivateDir(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    limits: databaseLimits(config),
  });
  await migrateToLatest(database.db);
  const services = createServices({ config, database });
  await services.start();
  logger.info(
    { backend: services.jobs.backend, concurrency: config.TRANSCRIPTION_JOBS },
    `VeldVet worker ${process.pid} taking jobs`,
  );

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    // Running jobs are handed back to the queue (another process retries them); then the pool closes.
    void services
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'stopping jobs failed'))
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
  else logger.fatal({ err: error }, 'worker failed to start');
  process.exit(1);
});
