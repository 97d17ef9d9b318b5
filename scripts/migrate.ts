import { loadConfig } from '../api/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database and exits. A script, not part
 * of db/, because it reads the server's configuration (db/ knows nothing of the API).
 */
const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  console.log(`Database up to date (${handle.dialect}: ${handle.location})`);
} finally {
  await handle.close();
}
