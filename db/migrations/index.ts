import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as recordingStore from './0002_recording_store.js';
import * as security from './0003_security.js';
import * as practiceSettings from './0004_practice_settings.js';
import * as practiceVocabulary from './0005_practice_vocabulary.js';
import * as historySearch from './0006_history_search.js';
import * as jobs from './0007_jobs.js';
import * as herdVisits from './0008_herd_visits.js';
import * as animalHistoryIndex from './0009_animal_history_index.js';
import * as coveringHistory from './0010_covering_history.js';

/** Migrations in order. Static imports keep them inside the bundle and free of file-system lookups. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_recording_store': recordingStore,
  '0003_security': security,
  '0004_practice_settings': practiceSettings,
  '0005_practice_vocabulary': practiceVocabulary,
  '0006_history_search': historySearch,
  '0007_jobs': jobs,
  '0008_herd_visits': herdVisits,
  '0009_animal_history_index': animalHistoryIndex,
  '0010_covering_history': coveringHistory,
};
