import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewRecordingRow, RecordingNoteVersionRow } from '../../db/schema.js';
import type { AuthUser } from '#shared/schemas/auth.js';
import type { StoredClinicalData } from '#shared/schemas/clinical.js';
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  recordingMessages as messages,
  recordingTooLarge,
  type NoteVersionView,
  type RecordingListResponse,
  type RecordingMetadataInput,
  type RecordingView,
  type SaveRecordingResponse,
  type UpdateNotesRequest,
} from '#shared/schemas/recordings.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { classifyInfrastructureError, infrastructureMessages } from '../../db/errors.js';
import { sha256Text } from '../http/idempotency.js';
import { contentRange, parseRange } from '../http/range.js';
import type { NoteVersionsRepository } from '../repositories/note-versions.js';
import type { RecordingListRow, RecordingsRepository } from '../repositories/recordings.js';
import { isUniqueViolation } from '../repositories/users.js';
import { BlobIntegrityError, BlobNotFoundError, sha256Hex, type BlobStore } from '../storage/index.js';
import { audioMimeType, extensionFor } from '../storage/mime.js';
import type { Clock } from './clock.js';
import { readBlob, uploadKeyFor } from '../jobs/uploads.js';
import { currentLogger } from '../logging/logger.js';

const log = () => currentLogger({ component: 'recordings' });

/** Audio as it arrived, decoded, with its SHA-256 computed once. */
export interface IncomingAudio {
  bytes: Uint8Array;
  sha256: string;
  /** A type the client declared (multipart file type, data: URL prefix); the bytes win when recognisable. */
  declaredType?: string | undefined;
  /**
   * Already in the blob store under this key (the recording's /api/transcribe upload, audio once): the save
   * references it instead of writing the bytes again.
   */
  storedKey?: string | undefined;
}

/** A playable answer to GET /api/recordings/{id}/audio. */
export interface AudioResponse {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** Null for 416 and HEAD. */
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null;
}

export interface RecordingsService {
  /** Bytes of a base64 audioData (a data: URL prefix and whitespace tolerated); 400 when it is not base64. */
  decodeBase64Audio(audioData: string): IncomingAudio;
  audioFromBytes(bytes: Uint8Array, declaredType?: string): IncomingAudio;
  /**
   * The /api/transcribe upload kept under the recording's Idempotency-Key (api/jobs/uploads.ts), for a save
   * that sends no audio; undefined once it was swept (the client then sends the audio).
   */
  keptUpload(practiceId: string, idempotencyKey: string): Promise<IncomingAudio | undefined>;
  /** What makes a save what it is, for the Idempotency-Key check: the same for the JSON and the upload form. */
  saveFingerprint(metadata: RecordingMetadataInput, audio: IncomingAudio): string;
  /**
   * Saves once per idempotency key: a repeat returns the recording already saved under it, updating its
   * notes (as a new version) when they changed. 413 over the size limit, 422 when audioSha256 disagrees.
   */
  save(
    actor: AuthUser,
    metadata: RecordingMetadataInput,
    audio: IncomingAudio,
    idempotencyKey?: string,
  ): Promise<SaveRecordingResponse>;
  /** A page of cards: `cursor` (the previous page's nextCursor) when given, else `offset` rows in. */
  history(
    practiceId: string,
    page: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<RecordingListResponse>;
  search(practiceId: string, term: string, limit: number): Promise<RecordingListResponse>;
  get(practiceId: string, id: string): Promise<RecordingView>;
  audio(
    practiceId: string,
    id: string,
    request: { range?: string | undefined; ifRange?: string | undefined; head: boolean },
  ): Promise<AudioResponse>;
  updateNotes(actor: AuthUser, id: string, input: UpdateNotesRequest): Promise<RecordingView>;
  noteVersions(practiceId: string, id: string): Promise<NoteVersionView[]>;
  /** Soft delete: the row and its audio stay (retention), but every read answers 404. */
  remove(practiceId: string, id: string): Promise<void>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:([^;,]*)(;[^,]*)?;base64,/i;
const NOTES_RETRIES = 3;

export function createRecordingsService(deps: {
  db: Kysely<Database>;
  recordings: RecordingsRepository;
  noteVersions: NoteVersionsRepository;
  blobs: BlobStore;
  clock: Clock;
  maxUploadBytes: number;
}): RecordingsService {
  const { db, recordings, noteVersions, blobs, clock, maxUploadBytes } = deps;

  async function findOr404(practiceId: string, id: string): Promise<RecordingListRow> {
    const row = await recordings.findActive(practiceId, id);
    if (!row) throw notFound(messages.notFound);
    return row;
  }

  function checkSize(byteSize: number): void {
    if (byteSize > maxUploadBytes) {
      throw new HttpError(413, recordingTooLarge(maxUploadBytes));
    }
  }

  async function updateNotes(actor: AuthUser, id: string, input: UpdateNotesRequest): Promise<RecordingView> {
    const soapNotes = JSON.stringify(input.soapNotes);
    for (let attempt = 0; attempt < NOTES_RETRIES; attempt += 1) {
      const current = await findOr404(actor.id, id);
      const transcript = input.transcript === undefined ? current.transcript : input.transcript;
      // Unchanged: nothing to record, and a retried request succeeds rather than conflicting with itself.
      if (current.soapNotes === soapNotes && current.transcript === transcript) return toView(current);
      if (input.baseVersion !== undefined && input.baseVersion !== current.notesVersion) {
        throw new HttpError(409, messages.notesConflict);
      }
      const now = clock().toISOString();
      const updated = await db.transaction().execute(async (trx) => {
        const won = await recordings.updateNotes(trx, {
          practiceId: actor.id,
          id,
          fromVersion: current.notesVersion,
          soapNotes,
          transcript,
          now,
        });
        if (won) {
          await noteVersions.insert(
            versionRow(actor, id, current.notesVersion + 1, soapNotes, transcript, now),
            trx,
          );
        }
        return won;
      });
      if (updated) return toView(await findOr404(actor.id, id));
      // Someone else's edit landed first: with a baseVersion that is a conflict, without one we re-read.
      if (input.baseVersion !== undefined) throw new HttpError(409, messages.notesConflict);
    }
    throw new HttpError(409, messages.notesConflict);
  }

  /** A save whose key already has a recording: same id, and the notes move on if they changed. */
  async function saveAgain(
    actor: AuthUser,
    existing: RecordingListRow,
    metadata: RecordingMetadataInput,
    audio: IncomingAudio,
  ): Promise<SaveRecordingResponse> {
    if (existing.deletedAt !== null) throw new HttpError(409, messages.deleted);
    if (existing.audioSha256 !== null && existing.audioSha256 !== audio.sha256) {
      throw new HttpError(409, messages.audioChanged);
    }
    const view = await updateNotes(actor, existing.id, {
      soapNotes: metadata.soapNotes,
      ...(metadata.transcript !== undefined ? { transcript: metadata.transcript } : {}),
    });
    return savedResponse(view);
  }

  return {
    decodeBase64Audio(audioData) {
      const prefix = DATA_URL_PREFIX.exec(audioData);
      const payload = (prefix ? audioData.slice(prefix[0].length) : audioData).replace(/\s+/g, '');
      if (payload === '') throw badRequest(messages.missingData);
      if (payload.length % 4 === 1 || !BASE64.test(payload)) throw badRequest(messages.badBase64);
      // Cheap early refusal before decoding megabytes we would reject anyway.
      checkSize(Math.floor((payload.length * 3) / 4));
      const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
      return { bytes, sha256: sha256Hex(bytes), declaredType: prefix?.[1] || undefined };
    },

    audioFromBytes(bytes, declaredType) {
      return { bytes, sha256: sha256Hex(bytes), declaredType };
    },

    async keptUpload(practiceId, idempotencyKey) {
      const storedKey = uploadKeyFor(practiceId, idempotencyKey);
      try {
        const bytes = await readBlob(blobs, storedKey);
        return { bytes, sha256: sha256Hex(bytes), storedKey };
      } catch (error) {
        if (error instanceof BlobNotFoundError) return undefined;
        throw error;
      }
    },

    saveFingerprint(metadata, audio) {
      return sha256Text(JSON.stringify({ metadata, audio: audio.sha256 }));
    },

    async save(actor, metadata, audio, idempotencyKey) {
      if (audio.bytes.byteLength === 0) throw badRequest(messages.missingData);
      checkSize(audio.bytes.byteLength);
      if (metadata.audioSha256 && metadata.audioSha256.toLowerCase() !== audio.sha256) {
        throw new HttpError(422, messages.transitCorrupted);
      }
      if (idempotencyKey) {
        const existing = await recordings.findByIdempotencyKey(actor.id, idempotencyKey);
        if (existing) return saveAgain(actor, existing, metadata, audio);
      }
      if (
        metadata.parentRecordingId &&
        !(await recordings.findActive(actor.id, metadata.parentRecordingId))
      ) {
        throw badRequest(messages.parentNotFound);
      }

      const id = randomUUID();
      const audioFormat = metadata.audioFormat ?? 'webm';
      const mimeType = audioMimeType(audio.bytes, audio.declaredType, audioFormat);
      const blobKey = audio.storedKey ?? `${actor.id}/${id}.${extensionFor(mimeType)}`;
      try {
        if (!audio.storedKey)
          await blobs.put(blobKey, audio.bytes, { contentType: mimeType, sha256: audio.sha256 });
      } catch (error) {
        log().error(
          { blobKey, reason: error instanceof Error ? error.message : String(error) },
          'storing audio failed',
        );
        // A full disk is not cured by retrying at once; say so (507), as the database's own errors do.
        if (classifyInfrastructureError(error)?.kind === 'full')
          throw new HttpError(507, infrastructureMessages.full);
        throw new HttpError(503, messages.storeFailed);
      }

      const now = clock().toISOString();
      const soapNotes = JSON.stringify(metadata.soapNotes);
      const transcript = metadata.transcript ?? null;
      const row: NewRecordingRow = {
        id,
        practiceId: actor.id,
        patientName: metadata.patientName || 'Unknown',
        species: metadata.species || null,
        breed: metadata.breed || null,
        age: metadata.age || null,
        weight: metadata.weight || null,
        clientName: metadata.clientName || null,
        clientPhone: metadata.clientPhone || null,
        clientEmail: metadata.clientEmail || null,
        recordedAt: new Date(metadata.recordedAt).toISOString(),
        // The bytes live in the blob store; '' keeps the spec's NOT NULL column without a second copy.
        audioData: '',
        audioDuration: Math.round(metadata.audioDuration ?? 0),
        audioFormat,
        transcript,
        transcriptLanguage: metadata.transcriptLanguage || null,
        soapNotes,
        consultationType: metadata.consultationType || null,
        isFarmMode: metadata.isFarmMode === true || metadata.isFarmMode === 1 ? 1 : 0,
        segmentNumber: metadata.segmentNumber ?? 1,
        parentRecordingId: metadata.parentRecordingId || null,
        totalSegments: metadata.totalSegments ?? 1,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        audioBlobKey: blobKey,
        audioSha256: audio.sha256,
        audioByteSize: audio.bytes.byteLength,
        audioMimeType: mimeType,
        idempotencyKey: idempotencyKey ?? null,
        notesVersion: 1,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await recordings.insert(row, trx);
          await noteVersions.insert(versionRow(actor, id, 1, soapNotes, transcript, now), trx);
        });
      } catch (error) {
        // A kept upload stays for the client's next try; only audio this save wrote is removed.
        if (!audio.storedKey) await blobs.delete(blobKey).catch(() => undefined);
        // A concurrent save with the same key won the unique index: answer with its recording.
        if (idempotencyKey && isUniqueViolation(error)) {
          const winner = await recordings.findByIdempotencyKey(actor.id, idempotencyKey);
          if (winner) return saveAgain(actor, winner, metadata, audio);
        }
        throw error;
      }
      return savedResponse(toView(await findOr404(actor.id, id)));
    },

    async history(practiceId, { limit, offset, cursor }) {
      const after = cursor === undefined ? undefined : decodeHistoryCursor(cursor);
      if (cursor !== undefined && !after) throw badRequest('cursor is not a valid history cursor');
      const rows = await recordings.history(practiceId, limit, after ? { after } : { offset });
      const last = rows.at(-1);
      // A full page may have a next one; the client shows Next only then (spec section 2).
      const nextCursor = last && rows.length === limit ? encodeHistoryCursor(last) : null;
      return { recordings: rows, nextCursor };
    },

    async search(practiceId, term, limit) {
      return { recordings: await recordings.search(practiceId, term, limit), nextCursor: null };
    },

    async get(practiceId, id) {
      return toView(await findOr404(practiceId, id));
    },

    async audio(practiceId, id, request) {
      const row = await findOr404(practiceId, id);
      const stored = await storedAudio(row);
      const etag = stored.sha256 ? `"${stored.sha256}"` : undefined;
      // If-Range: a range only applies to the representation the client already has part of.
      const rangeHeader =
        request.ifRange === undefined || request.ifRange === etag ? request.range : undefined;
      const decision = parseRange(rangeHeader, stored.size);
      const headers: Record<string, string> = {
        'Accept-Ranges': 'bytes',
        'Content-Type': stored.mimeType,
        'Content-Disposition': `inline; filename="recording-${row.id}.${extensionFor(stored.mimeType)}"`,
        ...(etag ? { ETag: etag } : {}),
      };
      if (decision.kind === 'unsatisfiable') {
        return {
          status: 416,
          headers: { ...headers, 'Content-Range': contentRange(stored.size) },
          body: null,
        };
      }
      const range = decision.kind === 'partial' ? decision.range : undefined;
      const length = range ? range.end - range.start + 1 : stored.size;
      headers['Content-Length'] = String(length);
      if (range) headers['Content-Range'] = contentRange(stored.size, range);
      const status = range ? 206 : 200;
      if (request.head) return { status, headers, body: null };
      return { status, headers, body: await stored.open(range) };
    },

    updateNotes,

    async noteVersions(practiceId, id) {
      await findOr404(practiceId, id);
      return (await noteVersions.list(practiceId, id)).map((row) => ({
        version: row.version,
        soapNotes: parseNotes(row.soapNotes),
        transcript: row.transcript,
        editedBy: { id: row.editedByUserId, email: row.editedByEmail },
        createdAt: row.createdAt,
      }));
    },

    async remove(practiceId, id) {
      if (!(await recordings.softDelete(practiceId, id, clock().toISOString())))
        throw notFound(messages.notFound);
    },
  };

  /** The audio of a row, checked against its SHA-256 before any byte is served. */
  async function storedAudio(row: RecordingListRow): Promise<{
    size: number;
    mimeType: string;
    sha256: string | null;
    open(range?: {
      start: number;
      end: number;
    }): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>>;
  }> {
    if (row.audioBlobKey && row.audioSha256) {
      const key = row.audioBlobKey;
      let intact: boolean;
      try {
        intact = await blobs.verify(key, row.audioSha256);
      } catch (error) {
        if (error instanceof BlobNotFoundError) {
          log().error({ recordingId: row.id, store: blobs.kind }, 'audio missing from the store');
          throw new HttpError(422, messages.audioMissing);
        }
        throw error;
      }
      if (!intact) {
        log().error({ recordingId: row.id, store: blobs.kind }, 'audio failed its SHA-256 check');
        throw new HttpError(422, messages.integrity);
      }
      const size = row.audioByteSize ?? (await blobs.stat(key))?.byteSize ?? 0;
      return {
        size,
        mimeType: row.audioMimeType ?? 'application/octet-stream',
        sha256: row.audioSha256,
        open: (range) =>
          blobs.read(key, range).catch((error: unknown) => {
            if (error instanceof BlobNotFoundError || error instanceof BlobIntegrityError) {
              throw new HttpError(422, messages.audioMissing);
            }
            throw error;
          }),
      };
    }
    // Rows imported from before the blob store still carry base64 in audioData.
    const inline = await recordings.findInlineAudio(row.practiceId, row.id);
    if (!inline) throw notFound(messages.noAudio);
    const bytes = new Uint8Array(Buffer.from(inline, 'base64'));
    return {
      size: bytes.byteLength,
      mimeType: audioMimeType(bytes, undefined, row.audioFormat),
      sha256: null,
      open: async (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes),
    };
  }
}

function versionRow(
  actor: AuthUser,
  recordingId: string,
  version: number,
  soapNotes: string,
  transcript: string | null,
  createdAt: string,
): RecordingNoteVersionRow {
  return {
    recordingId,
    version,
    practiceId: actor.id,
    soapNotes,
    transcript,
    editedByUserId: actor.id,
    editedByEmail: actor.email,
    createdAt,
  };
}

function parseNotes(text: string | null): StoredClinicalData | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredClinicalData) : null;
  } catch {
    return null;
  }
}

export function audioUrl(id: string): string {
  return `/api/recordings/${encodeURIComponent(id)}/audio`;
}

/** The API shape: every server field but the audio itself and its storage key, notes parsed. */
function toView(row: RecordingListRow): RecordingView {
  const { audioBlobKey: _key, soapNotes, ...fields } = row;
  return { ...fields, soapNotes: parseNotes(soapNotes), audioUrl: audioUrl(row.id) };
}

function savedResponse(view: RecordingView): SaveRecordingResponse {
  const {
    id,
    idempotencyKey,
    patientName,
    recordedAt,
    createdAt,
    updatedAt,
    notesVersion,
    audioMimeType: mime,
    audioByteSize,
    audioSha256,
  } = view;
  return {
    success: true,
    recording: {
      id,
      idempotencyKey,
      patientName,
      recordedAt,
      createdAt,
      updatedAt,
      notesVersion,
      audioUrl: view.audioUrl,
      audioMimeType: mime,
      audioByteSize,
      audioSha256,
    },
  };
}
