import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';

/** Migrations in order. Static imports keep them inside the bundle and free of file-system lookups. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};
