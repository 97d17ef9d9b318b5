import { loadConfig } from '../api/config.js';
import { logger } from '../api/logging/index.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database and exits. A script, not part
 * of db/, because it reads the server's configuration (db/ knows nothing of the API).
 */
const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  logger.info({ dialect: handle.dialect, location: handle.location }, 'database up to date');
} finally {
  await handle.close();
}
