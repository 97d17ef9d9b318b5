/**
 * npm run purge [-- --dry-run] [--json]
 *
 * Deletes every record (and its audio) whose patient's last consultation is older than the practice's
 * retention period; practices on legal hold are skipped. The server also runs this every
 * RETENTION_PURGE_INTERVAL_HOURS; this command is for cron, or to see what would go (--dry-run).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.js';
import { createServices } from '../api/services/index.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const services = createServices({ config, database });
    const report = await services.retention.purge({ dryRun: values['dry-run'] });
    if (values.json) {
      console.log(JSON.stringify(report, null, 2));
      return 0;
    }
    const verb = report.dryRun ? 'would delete' : 'deleted';
    for (const practice of report.practices) {
      console.log(
        `practice ${practice.practiceId}: ${verb} ${practice.recordingIds.length} recordings ` +
          `(retention ${practice.retentionYears} years, last consultation before ${practice.cutoff})`,
      );
    }
    if (report.temporaryBlobsDeleted + report.orphanBlobsDeleted > 0) {
      console.log(
        `Audio store: removed ${report.temporaryBlobsDeleted} unfinished uploads and ${report.orphanBlobsDeleted} audio files no recording references.`,
      );
    }
    const total = report.dryRun
      ? report.practices.reduce((sum, practice) => sum + practice.recordingIds.length, 0)
      : report.recordingsDeleted;
    console.log(
      `Retention purge${report.dryRun ? ' (dry run)' : ''}: ${verb} ${total} recordings` +
        `${report.dryRun ? '' : ` and ${report.audioBlobsDeleted} audio files`}; ` +
        `${report.practicesOnLegalHold} practices on legal hold skipped.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Purge failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
