import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, NewRecordingRow } from '../../db/schema.js';
import { foldForSearch } from '../../db/search-text.js';
import { planWithTreatments } from '#shared/notes/herd.js';
import type { AuthUser } from '#shared/schemas/auth.js';
import type { ClinicalData } from '#shared/schemas/clinical.js';
import {
  HerdTreatmentSchema,
  animalLabel,
  herdMessages,
  tagKey,
  type HerdAnimal,
  type HerdAnimalRecord,
  type HerdVisitResponse,
  type SaveHerdVisitMetadata,
  type SaveHerdVisitResponse,
} from '#shared/schemas/herd.js';
import { recordingMessages } from '#shared/schemas/recordings.js';
import { HttpError, notFound } from '../http/errors.js';
import type { NoteVersionsRepository } from '../repositories/note-versions.js';
import type { AnimalRow, HerdVisitsRepository } from '../repositories/herd-visits.js';
import type { Clock } from './clock.js';
import type { IncomingAudio, RecordingsService } from './recordings-service.js';

export interface HerdService {
  /**
   * Saves a herd visit: one record for the visit (the audio and the group note, through the recordings
   * service, so the Idempotency-Key and audio checks are the same) and one per animal, linked by
   * parentRecordingId. Saving again with the same key brings the animals in line with the review: changed
   * notes become a new version, a new animal is added, a removed (merged) one is soft-deleted.
   */
  save(
    actor: AuthUser,
    metadata: SaveHerdVisitMetadata,
    audio: IncomingAudio,
    idempotencyKey?: string,
  ): Promise<SaveHerdVisitResponse>;
  get(practiceId: string, id: string): Promise<HerdVisitResponse>;
  /** Every record of one animal (by ear tag) at one farm (client name), newest first. */
  animalHistory(practiceId: string, farm: string, tag: string): Promise<HerdAnimalRecord[]>;
}

const AnimalDataSchema = z.object({
  key: z.string(),
  order: z.number().int().optional(),
  kind: z.string().optional(),
  name: z.string().optional(),
  tag: z.string().optional(),
  treatments: z.array(HerdTreatmentSchema).default([]),
});
const VisitDataSchema = z.object({
  groupName: z.string().optional(),
  animalCount: z.number().int().optional(),
  treatments: z.array(HerdTreatmentSchema).default([]),
});

function parseJson<T extends z.ZodType>(schema: T, text: string | null): z.infer<T> | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function toRecord(row: AnimalRow): HerdAnimalRecord {
  const data = parseJson(AnimalDataSchema, row.herdData);
  let soapNotes: HerdAnimalRecord['soapNotes'] = null;
  try {
    soapNotes = row.soapNotes ? (JSON.parse(row.soapNotes) as HerdAnimalRecord['soapNotes']) : null;
  } catch {
    soapNotes = null;
  }
  return {
    id: row.id,
    parentRecordingId: row.parentRecordingId ?? '',
    key: data?.key ?? row.id,
    patientName: row.patientName,
    animalTag: row.animalTag,
    kind: data?.kind ?? null,
    species: row.species,
    clientName: row.clientName,
    recordedAt: row.recordedAt,
    notesVersion: row.notesVersion,
    soapNotes,
    treatments: data?.treatments ?? [],
  };
}

const orderOf = (row: AnimalRow) => parseJson(AnimalDataSchema, row.herdData)?.order ?? 0;

export function createHerdService(deps: {
  db: Kysely<Database>;
  recordings: RecordingsService;
  herd: HerdVisitsRepository;
  noteVersions: NoteVersionsRepository;
  clock: Clock;
}): HerdService {
  const { db, recordings, herd, noteVersions, clock } = deps;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** The group note as the visit's notes; never empty, as a save needs some notes. */
  function visitNotes(metadata: SaveHerdVisitMetadata): ClinicalData {
    const group = planWithTreatments(metadata.herd.group.notes, metadata.herd.group.treatments);
    const header = metadata.soapNotes;
    const notes: ClinicalData = {
      ...(header.consultationDate ? { consultationDate: header.consultationDate } : {}),
      ...(header.consultationTime ? { consultationTime: header.consultationTime } : {}),
      ...(header.recordingDuration ? { recordingDuration: header.recordingDuration } : {}),
      ...(metadata.clientName ? { clientName: metadata.clientName } : {}),
      patientName: metadata.herd.groupName || metadata.patientName || 'Herd visit',
      ...(metadata.species ? { species: metadata.species } : {}),
      consultationType: 'Herd Visit',
      ...group,
    };
    if (![notes.subjective, notes.objective, notes.assessment, notes.plan].some((t) => t.trim() !== '')) {
      notes.objective = `Herd visit: ${metadata.herd.animals.length} animal(s) examined`;
    }
    return notes;
  }

  function animalNotes(
    metadata: SaveHerdVisitMetadata,
    visit: ClinicalData,
    animal: HerdAnimal,
  ): ClinicalData {
    return {
      ...(visit.consultationDate ? { consultationDate: visit.consultationDate } : {}),
      ...(visit.consultationTime ? { consultationTime: visit.consultationTime } : {}),
      ...(metadata.clientName ? { clientName: metadata.clientName } : {}),
      patientName: animalLabel(animal),
      ...(metadata.species ? { species: metadata.species } : {}),
      consultationType: 'Herd Visit',
      ...planWithTreatments(animal.notes, animal.treatments),
    };
  }

  return {
    async save(actor, metadata, audio, idempotencyKey) {
      const { herd: split, ...fields } = metadata;
      const soapNotes = visitNotes(metadata);
      const saved = await recordings.save(
        actor,
        {
          ...fields,
          patientName: split.groupName || fields.patientName || 'Herd visit',
          soapNotes,
          consultationType: 'Herd Visit',
          isFarmMode: true,
        },
        audio,
        idempotencyKey,
      );
      const visitId = saved.recording.id;
      const farmKey = fields.clientName ? foldForSearch(fields.clientName.trim()) : null;
      const now = clock().toISOString();
      const visitData = JSON.stringify({
        ...(split.groupName ? { groupName: split.groupName } : {}),
        ...(split.animalCount ? { animalCount: split.animalCount } : {}),
        treatments: split.group.treatments,
      });

      await db.transaction().execute(async (trx) => {
        // Two saves of the same visit at once must not both add its animals: the second waits here.
        if (isPostgres) await sql`select id from recordings where id = ${visitId} for update`.execute(trx);
        /** The notes history row of an animal's record, as any edited save writes one. */
        const recordVersion = (recordingId: string, version: number, notes: string) =>
          noteVersions.insert(
            {
              recordingId,
              version,
              practiceId: actor.id,
              soapNotes: notes,
              transcript: null,
              editedByUserId: actor.id,
              editedByEmail: actor.email,
              createdAt: now,
            },
            trx,
          );
        await herd.markVisit(actor.id, visitId, { farmKey, herdData: visitData }, trx);
        const existing = new Map(
          (await herd.animalsOf(actor.id, visitId, trx)).map((row) => [toRecord(row).key, row]),
        );
        const seen = new Set<string>();
        for (const [order, animal] of split.animals.entries()) {
          if (seen.has(animal.key)) throw new HttpError(400, `Animal key '${animal.key}' appears twice`);
          seen.add(animal.key);
          const notes = JSON.stringify(animalNotes(metadata, soapNotes, animal));
          const data = JSON.stringify({
            key: animal.key,
            order,
            ...(animal.kind ? { kind: animal.kind } : {}),
            ...(animal.name ? { name: animal.name } : {}),
            ...(animal.tag ? { tag: animal.tag } : {}),
            treatments: animal.treatments,
          });
          const tag = animal.tag.trim() || null;
          const patientName = animalLabel(animal);
          const row = existing.get(animal.key);
          if (row) {
            if (row.soapNotes === notes && row.herdData === data && row.patientName === patientName) continue;
            const newVersion = row.soapNotes !== notes;
            const won = await herd.updateAnimal(trx, {
              practiceId: actor.id,
              id: row.id,
              fromVersion: row.notesVersion,
              patientName,
              animalTag: tag,
              animalTagKey: tag ? tagKey(tag) : null,
              soapNotes: notes,
              herdData: data,
              species: fields.species ?? null,
              clientName: fields.clientName ?? null,
              newVersion,
              now,
            });
            if (!won) throw new HttpError(409, recordingMessages.notesConflict);
            if (!newVersion) continue;
            await recordVersion(row.id, row.notesVersion + 1, notes);
            continue;
          }
          const id = randomUUID();
          const newRow: NewRecordingRow = {
            id,
            practiceId: actor.id,
            patientName,
            species: fields.species || null,
            breed: null,
            age: null,
            weight: null,
            clientName: fields.clientName || null,
            clientPhone: fields.clientPhone || null,
            clientEmail: fields.clientEmail || null,
            recordedAt: new Date(fields.recordedAt).toISOString(),
            // The audio is the visit's; an animal's record has none of its own.
            audioData: '',
            audioDuration: 0,
            audioFormat: fields.audioFormat ?? 'webm',
            transcript: null,
            transcriptLanguage: null,
            soapNotes: notes,
            consultationType: 'Herd Visit',
            isFarmMode: 1,
            segmentNumber: 1,
            parentRecordingId: visitId,
            totalSegments: 1,
            createdAt: now,
            updatedAt: now,
            deletedAt: null,
            audioBlobKey: null,
            audioSha256: null,
            audioByteSize: null,
            audioMimeType: null,
            idempotencyKey: null,
            notesVersion: 1,
            herdRole: 'animal',
            animalTag: tag,
            animalTagKey: tag ? tagKey(tag) : null,
            farmKey,
            herdData: data,
          };
          await herd.insertAnimal(newRow, trx);
          await recordVersion(id, 1, notes);
        }
        // Merged away or removed in the review.
        for (const [key, row] of existing) {
          if (!seen.has(key)) await herd.softDeleteAnimal(trx, actor.id, row.id, now);
        }
      });
      const animals = (await herd.animalsOf(actor.id, visitId)).sort((a, b) => orderOf(a) - orderOf(b));
      return { success: true, visit: saved.recording, animals: animals.map(toRecord) };
    },

    async get(practiceId, id) {
      const data = await herd.visitData(practiceId, id);
      if (!data) throw notFound(herdMessages.notFound);
      const visit = await recordings.get(practiceId, id).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) throw notFound(herdMessages.notFound);
        throw error;
      });
      const parsed = parseJson(VisitDataSchema, data.herdData);
      const animals = (await herd.animalsOf(practiceId, id)).sort((a, b) => orderOf(a) - orderOf(b));
      return {
        visit,
        groupName: parsed?.groupName ?? null,
        animalCount: parsed?.animalCount ?? null,
        groupTreatments: parsed?.treatments ?? [],
        animals: animals.map(toRecord),
      };
    },

    async animalHistory(practiceId, farm, tag) {
      const rows = await herd.animalHistory(practiceId, foldForSearch(farm.trim()), tagKey(tag));
      return rows.map(toRecord);
    },
  };
}
