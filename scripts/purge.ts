/**
 * npm run purge [-- --dry-run] [--json]
 *
 * Deletes every record (and its audio) whose patient's last consultation is older than the practice's
 * retention period; practices on legal hold are skipped. The server also runs this every
 * RETENTION_PURGE_INTERVAL_HOURS; this command is for cron, or to see what would go (--dry-run).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.js';
import { logger } from '../api/logging/index.js';
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
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    const verb = report.dryRun ? 'would delete' : 'deleted';
    // One line per practice and a total: cron mail and log collectors read the same JSON lines.
    for (const practice of report.practices) {
      logger.info(
        {
          practiceId: practice.practiceId,
          recordings: practice.recordingIds.length,
          retentionYears: practice.retentionYears,
          cutoff: practice.cutoff,
          dryRun: report.dryRun,
        },
        `practice: ${verb} ${practice.recordingIds.length} recordings`,
      );
    }
    if (report.temporaryBlobsDeleted + report.orphanBlobsDeleted > 0) {
      logger.info(
        { unfinishedUploads: report.temporaryBlobsDeleted, orphanAudioFiles: report.orphanBlobsDeleted },
        'audio store swept',
      );
    }
    const total = report.dryRun
      ? report.practices.reduce((sum, practice) => sum + practice.recordingIds.length, 0)
      : report.recordingsDeleted;
    logger.info(
      {
        dryRun: report.dryRun,
        recordings: total,
        ...(report.dryRun ? {} : { audioFiles: report.audioBlobsDeleted }),
        practicesOnLegalHold: report.practicesOnLegalHold,
      },
      `retention purge${report.dryRun ? ' (dry run)' : ''}: ${verb} ${total} recordings`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logger.fatal({ err: error }, 'purge failed');
    process.exit(1);
  },
);
