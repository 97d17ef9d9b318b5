import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { IdempotencyRepository } from '../repositories/idempotency.js';
import type { Clock } from '../services/clock.js';
import type { AppEnv } from './env.js';
import { HttpError, badRequest } from './errors.js';

/** What a route's work produced; stored as is and replayed for a repeated request. */
export interface IdempotentOutcome {
  status: ContentfulStatusCode;
  body: unknown;
}

export interface IdempotencyOptions {
  /**
   * SHA-256 (or any stable string) of what makes the request what it is. Default: a hash of the method, path
   * and raw body, which suits JSON. Multipart routes must pass their own (e.g. the file's SHA-256 plus the
   * fields): a retried form gets a new boundary, so its raw bytes differ.
   */
  fingerprint?: string;
  /**
   * The key was used before with a different request. 'reject' (default) answers 422, as the IETF
   * Idempotency-Key draft says. 'run' runs the work again without storing it: for routes whose work is
   * itself idempotent on the key and treats a changed body as an update (the recording save).
   */
  onMismatch?: 'reject' | 'run';
  /** How long a duplicate waits for the first request to finish before it gets 409. Default 10 s. */
  waitMs?: number;
  /**
   * A pending key whose holder has not renewed it for this long is presumed abandoned (its process was
   * killed, or its request failed while the database was away) and taken over. The holder renews every
   * `leaseMs / 3` while it works, so long work keeps its key however long it runs. Default 6 s.
   */
  leaseMs?: number;
}

export const idempotencyMessages = {
  inProgress: 'Request already in progress',
  keyReused: 'This Idempotency-Key was already used for a different request',
  invalidKey: 'Idempotency-Key must be 1-255 visible ASCII characters',
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a response that is a replay of the stored one rather than a fresh execution. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const POLL_MS = 100;
const DEFAULT_LEASE_MS = 6_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotencyServices {
  idempotency: IdempotencyRepository;
  clock: Clock;
}

/**
 * Runs `run` at most once per (signed-in practice, Idempotency-Key header, `route`), and answers every repeat
 * with the stored status and JSON body (header `Idempotent-Replayed: true`). Without the header it just runs.
 *
 * The unique index is the lock: the first request inserts a 'pending' row; a concurrent duplicate polls until
 * that row completes and then replays it, or after `waitMs` gets 409 'Request already in progress' with
 * Retry-After. If `run` throws or answers 5xx the key is released, so a retry executes afresh; 2xx-4xx
 * outcomes are stored. Must run after requireUser (it reads c.var.user).
 *
 *   router.post('/transcribe', requireUser(services), (c) =>
 *     withIdempotency(services, c, 'transcribe', async () => ({ status: 200, body: await work() }),
 *       { fingerprint: audioSha256 }));
 */
export async function withIdempotency(
  services: IdempotencyServices,
  c: Context<AppEnv>,
  route: string,
  run: () => Promise<IdempotentOutcome>,
  options: IdempotencyOptions = {},
): Promise<Response> {
  const key = readIdempotencyKey(c);
  if (key === undefined) return respond(c, await run());

  const { idempotency, clock } = services;
  const practiceId = c.var.user.id;
  const requestHash = options.fingerprint ?? (await defaultFingerprint(c));
  const waitMs = options.waitMs ?? 10_000;
  // The holder renews its claim while it works, so a longer lease would only delay taking over a dead
  // holder's key (a transcription passes its timeout here from before renewals existed).
  const leaseMs = Math.min(options.leaseMs ?? DEFAULT_LEASE_MS, DEFAULT_LEASE_MS);
  const deadline = Date.now() + waitMs;

  const execute = async (id: string, claimedAt: string): Promise<Response> => {
    const heartbeat = renewWhileRunning(idempotency, clock, id, claimedAt, leaseMs / 3);
    let outcome: IdempotentOutcome;
    try {
      outcome = await run();
    } catch (error) {
      heartbeat.stop();
      // If the database is what failed, the release may fail too; the key then lapses within leaseMs.
      await idempotency.release(id).catch(() => undefined);
      throw error;
    }
    heartbeat.stop();
    if (outcome.status >= 500) await idempotency.release(id);
    else await idempotency.complete(id, outcome.status, JSON.stringify(outcome.body), clock().toISOString());
    return respond(c, outcome);
  };

  for (;;) {
    const id = randomUUID();
    const now = clock().toISOString();
    if (await idempotency.claim({ id, practiceId, key, route, requestHash, now })) {
      return execute(id, now);
    }
    const existing = await idempotency.find(practiceId, key, route);
    // Gone between our insert and this read: its holder failed and released it, so try to claim it again.
    if (!existing) continue;
    if (existing.requestHash !== requestHash) {
      if (options.onMismatch === 'run') return respond(c, await run());
      throw new HttpError(422, idempotencyMessages.keyReused);
    }
    if (existing.statusCode !== null) {
      c.header(REPLAYED_HEADER, 'true');
      return c.json(
        JSON.parse(existing.responseBody ?? 'null') as unknown,
        existing.statusCode as ContentfulStatusCode,
      );
    }
    // createdAt is the holder's last renewal: a dead holder (kill -9, a crash) stops renewing.
    const heldFor = clock().getTime() - Date.parse(existing.createdAt);
    const takenAt = clock().toISOString();
    if (heldFor > leaseMs && (await idempotency.takeOver(existing.id, existing.createdAt, takenAt))) {
      return execute(existing.id, takenAt);
    }
    if (Date.now() >= deadline) {
      throw new HttpError(409, idempotencyMessages.inProgress, { 'Retry-After': '1' });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Renews a claimed key every `everyMs` (compare-and-set on its timestamp), so that a live holder keeps it
 * while a dead one's lapses quickly. Stops by itself once someone else has taken the key over.
 */
function renewWhileRunning(
  idempotency: IdempotencyRepository,
  clock: Clock,
  id: string,
  claimedAt: string,
  everyMs: number,
): { stop(): void } {
  let heldSince = claimedAt;
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    const now = clock().toISOString();
    idempotency
      .takeOver(id, heldSince, now)
      .then((renewed) => {
        if (renewed) heldSince = now;
        else clearInterval(timer);
      })
      // A renewal lost to a database blip is retried at the next beat.
      .catch(() => undefined)
      .finally(() => (renewing = false));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The Idempotency-Key header, with the quotes of the IETF draft's structured-field form removed if present. */
export function readIdempotencyKey(c: Context): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return undefined;
  const key = raw.trim().replace(/^"(.*)"$/, '$1');
  if (!KEY_PATTERN.test(key)) throw badRequest(idempotencyMessages.invalidKey);
  return key;
}

export function sha256Text(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function defaultFingerprint(c: Context): Promise<string> {
  const body = c.req.raw.body ? await c.req.text() : '';
  return sha256Text(`${c.req.method} ${c.req.path}\n${body}`);
}

function respond(c: Context, outcome: IdempotentOutcome): Response {
  return c.json(outcome.body, outcome.status);
}
