import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRecordingRow } from '../../db/schema.js';
import { searchTextOf } from '../../db/search-text.js';

/** The columns an animal record is shown with. */
const ANIMAL_COLUMNS = [
  'id',
  'parentRecordingId',
  'patientName',
  'animalTag',
  'species',
  'clientName',
  'recordedAt',
  'createdAt',
  'notesVersion',
  'soapNotes',
  'herdData',
] as const;

export interface AnimalRow {
  id: string;
  parentRecordingId: string | null;
  patientName: string;
  animalTag: string | null;
  species: string | null;
  clientName: string | null;
  recordedAt: string;
  createdAt: string;
  notesVersion: number;
  soapNotes: string | null;
  herdData: string | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Herd-visit rows (issue 20). Like the recordings repository, every query takes the practice id and skips
 * soft-deleted rows: one practice never reaches another's animals.
 */
export function herdVisitsRepository(db: Kysely<Database>) {
  return {
    /** Marks a saved recording as a herd visit. */
    async markVisit(
      practiceId: string,
      id: string,
      fields: { farmKey: string | null; herdData: string },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('recordings')
        .set({ herdRole: 'visit', farmKey: fields.farmKey, herdData: fields.herdData })
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .execute();
    },

    async insertAnimal(row: NewRecordingRow, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('recordings')
        .values({ ...row, searchText: searchTextOf(row) })
        .execute();
    },

    /** The animals of a visit, in the order they were saved (their order in the visit). */
    async animalsOf(practiceId: string, visitId: string, trx: Executor = db): Promise<AnimalRow[]> {
      return trx
        .selectFrom('recordings')
        .select(ANIMAL_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('parentRecordingId', '=', visitId)
        .where('herdRole', '=', 'animal')
        .where('deletedAt', 'is', null)
        .orderBy('segmentNumber')
        .orderBy('createdAt')
        .execute();
    },

    /** Replaces an animal's notes (compare-and-set on its version), tag and data; false if it moved on. */
    async updateAnimal(
      trx: Transaction<Database>,
      update: {
        practiceId: string;
        id: string;
        fromVersion: number;
        patientName: string;
        animalTag: string | null;
        animalTagKey: string | null;
        soapNotes: string;
        herdData: string;
        species: string | null;
        clientName: string | null;
        /** False when only the tag, name or order changed: no new notes version for that. */
        newVersion: boolean;
        now: string;
      },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('recordings')
        .set({
          patientName: update.patientName,
          animalTag: update.animalTag,
          animalTagKey: update.animalTagKey,
          soapNotes: update.soapNotes,
          herdData: update.herdData,
          notesVersion: update.newVersion ? update.fromVersion + 1 : update.fromVersion,
          searchText: searchTextOf(update),
          updatedAt: update.now,
        })
        .where('practiceId', '=', update.practiceId)
        .where('id', '=', update.id)
        .where('deletedAt', 'is', null)
        .where('notesVersion', '=', update.fromVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async softDeleteAnimal(
      trx: Transaction<Database>,
      practiceId: string,
      id: string,
      now: string,
    ): Promise<void> {
      await trx
        .updateTable('recordings')
        .set({ deletedAt: now, updatedAt: now })
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .where('herdRole', '=', 'animal')
        .where('deletedAt', 'is', null)
        .execute();
    },

    /**
     * 'All records of ewe 231 at this farm': one indexed query (recordings_animal_history), newest first.
     * That index is partial (deletedAt is null and herdRole = 'animal', migration 0009): the role is written
     * into the SQL as a literal, since a partial index serves only a query whose WHERE text implies its own.
     */
    async animalHistory(
      practiceId: string,
      farmKey: string,
      animalTagKey: string,
      limit = 200,
    ): Promise<AnimalRow[]> {
      return db
        .selectFrom('recordings')
        .select(ANIMAL_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('farmKey', '=', farmKey)
        .where('animalTagKey', '=', animalTagKey)
        .where('deletedAt', 'is', null)
        .where('herdRole', '=', sql.lit('animal'))
        .orderBy('recordedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute();
    },

    async visitData(practiceId: string, id: string): Promise<{ herdData: string | null } | undefined> {
      return db
        .selectFrom('recordings')
        .select('herdData')
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .where('herdRole', '=', 'visit')
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type HerdVisitsRepository = ReturnType<typeof herdVisitsRepository>;
