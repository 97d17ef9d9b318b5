import { loadConfig } from '../api/config.js';
import { migrateToLatest, openDatabase } from './database.js';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  console.log(`Database up to date (${handle.dialect}: ${handle.location})`);
} finally {
  await handle.close();
}
