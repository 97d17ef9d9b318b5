import fs from 'node:fs';
import { databaseLimits, type Config } from './config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.js';
import { createServices, type Services } from './services/index.js';
import { ensurePrivateDir, restrictNewFiles } from './security/file-modes.js';
import { logger } from './logging/logger.js';

/** Operators may keep settings in ./.env; real environment variables win over it. */
export function loadDotEnv(): void {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
}

/**
 * What the server and the worker both start with: owner-only files (clinical records), the migrated
 * database, and the services taking jobs (pg-boss: from every process; the local model warmed when
 * WHISPER_WARM_UP=on).
 */
export async function startRuntime(
  config: Config,
): Promise<{ database: DatabaseHandle; services: Services }> {
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
  return { database, services };
}

/**
 * On SIGINT/SIGTERM, once: `beforeStop` (stop taking requests), then running jobs are handed back
 * (pg-boss: another process retries them; in process: they fail with 503 + Retry-After and the recorder
 * sends them again), the engines and the database close, and the process exits, at the latest after 15 s.
 */
export function stopOnSignals(
  { database, services }: { database: DatabaseHandle; services: Services },
  beforeStop: () => void = () => undefined,
): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    beforeStop();
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
