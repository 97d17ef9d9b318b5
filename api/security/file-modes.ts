/**
 * Owner-only files and folders moved to db/file-modes.ts (db/ may not import from api/, and the database is
 * their first user). Kept so existing imports work; import from db/file-modes.ts in new code.
 */
export * from '../../db/file-modes.js';
