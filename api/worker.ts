import { ConfigError, loadConfig } from './config.js';
import { loadDotEnv, startRuntime, stopOnSignals } from './lifecycle.js';
import { logger } from './logging/logger.js';

/**
 * `npm run worker`: a process that only runs jobs (transcriptions) from the shared pg-boss queue, next to
 * or instead of the API processes (JOBS_WORKER=off there). PostgreSQL only: with SQLite the jobs run
 * inside the one server process. See docs/architecture-jobs.md.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig({ ...process.env, JOBS_WORKER: 'on' });
  if (!config.DATABASE_URL || !/^postgres(ql)?:\/\//i.test(config.DATABASE_URL)) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL=postgres://…: with SQLite, jobs run inside the server',
    );
  }
  const { database, services } = await startRuntime(config);
  logger.info(
    { backend: services.jobs.backend, concurrency: config.TRANSCRIPTION_JOBS },
    `VeldVet worker ${process.pid} taking jobs`,
  );

  // Running jobs are handed back to the queue (another process retries them); then the pool closes.
  stopOnSignals({ database, services });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: one line, no stack.
  if (error instanceof ConfigError) console.error(error.message);
  else logger.fatal({ err: error }, 'worker failed to start');
  process.exit(1);
});
