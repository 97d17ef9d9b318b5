import type { Kysely } from 'kysely';

/**
 * Issue 7, export: the practice's WhatsApp Business Cloud API sender. The access token is stored sealed
 * (AES-256-GCM, api/security/secret-box.ts) like practiceEmailPassword; the phone-number id is not secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('whatsappPhoneNumberId', 'text').execute();
  await db.schema.alterTable('users').addColumn('whatsappAccessToken', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('whatsappAccessToken').execute();
  await db.schema.alterTable('users').dropColumn('whatsappPhoneNumberId').execute();
}
