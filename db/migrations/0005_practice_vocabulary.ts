import type { Kysely } from 'kysely';

/**
 * Issue 18: the practice's own vocabulary (drugs it stocks, farm names, breeds) for the transcription
 * prompt. Plain text, one term per line or comma-separated; not secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('practiceVocabulary', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('practiceVocabulary').execute();
}
