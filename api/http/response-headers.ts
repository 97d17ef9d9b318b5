import type { Context } from 'hono';

/** Header names in lower case, as the editors below keep them. */
export type HeaderRecord = Readonly<Record<string, string>>;

/** The few header operations the after-next() middleware needs, names case-insensitive. */
export interface ResponseHeaderEditor {
  get(name: string): string | undefined;
  has(name: string): boolean;
  set(name: string, value: string): void;
  /** Sets every header of a fixed list at once (names in lower case). */
  setAll(record: HeaderRecord): void;
}

/** One editor per response, shared by every middleware that edits it (one copy of its headers, not one each). */
const editors = new WeakMap<Response, ResponseHeaderEditor>();

/**
 * The finished response's headers, to edit after next() without rebuilding the response (c.header() there
 * would copy the whole response).
 *
 * Most API answers are @hono/node-server's lightweight responses, [status, body, headers] kept under a
 * private symbol with the headers as a plain object. Editing that object directly keeps the adapter on its
 * fast path (a plain object straight to writeHead); reading `res.headers` would turn it into a fetch
 * Headers, whose validation, sorting and conversion back cost a health check more than all its middleware
 * (issue 19, /api/health against a bare handler). Any other response — a fetch Headers already made, a
 * stream, the runtime's own Response in tests — is edited through `res.headers`, copied first when
 * immutable (a fetched or redirect response). If a new adapter version drops the private field, this falls
 * back to that slower path, not to wrong headers.
 */
export function responseHeaders(c: Context): ResponseHeaderEditor {
  let editor = editors.get(c.res);
  if (!editor) {
    const cache = plainHeadersCache(c.res);
    editor = cache ? plainEditor(cache) : fetchHeadersEditor(c);
    editors.set(c.res, editor);
  }
  return editor;
}

function fetchHeadersEditor(c: Context): ResponseHeaderEditor {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  const headers = c.res.headers;
  return {
    get: (name) => headers.get(name) ?? undefined,
    has: (name) => headers.has(name),
    set: (name, value) => headers.set(name, value),
    setAll(record) {
      for (const name in record) headers.set(name, record[name]!);
    },
  };
}

type LightweightCache = [status: number, body: unknown, headers: unknown];

/**
 * @hono/node-server's [status, body, headers] of a response made from a string, bytes or nothing, kept
 * under a private symbol ("cache") until something reads the response as a whole; undefined otherwise.
 */
export function lightweightCache(res: Response): LightweightCache | undefined {
  const key = lightweightCacheKey(res);
  const cache: unknown = key === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[key];
  return Array.isArray(cache) && cache.length >= 3 ? (cache as LightweightCache) : undefined;
}

/** The adapter's cache, when its headers are (or can start as) a plain object. */
function plainHeadersCache(res: Response): LightweightCache | undefined {
  const cache = lightweightCache(res);
  const headers: unknown = cache?.[2];
  if (headers === undefined) return cache;
  if (typeof headers !== 'object' || headers === null) return undefined;
  return headers instanceof Headers || Array.isArray(headers) ? undefined : cache;
}

let cacheKey: symbol | undefined;
/** The adapter's symbol, found once: the same for every response of the process. */
function lightweightCacheKey(res: Response): symbol | undefined {
  if (cacheKey !== undefined)
    return Object.prototype.hasOwnProperty.call(res, cacheKey) ? cacheKey : undefined;
  const found = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  if (found) cacheKey = found;
  return found;
}

/** What the adapter writes for a body given without a Content-Type. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8';

/**
 * Edits the cached plain headers through a copy with lower-case names (HTTP names are case-insensitive,
 * and lookups are then one property read): the handler may have passed a shared object. A body without
 * headers gets the adapter's default Content-Type first, as it would have written it.
 */
function plainEditor(cache: LightweightCache): ResponseHeaderEditor {
  const given = cache[2] as Record<string, string | string[]> | undefined;
  const headers: Record<string, string | string[]> =
    given === undefined && cache[1] !== null ? { 'content-type': DEFAULT_CONTENT_TYPE } : {};
  for (const name in given) headers[name.toLowerCase()] = given[name]!;
  cache[2] = headers;
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    has: (name) => name.toLowerCase() in headers,
    set(name, value) {
      headers[name.toLowerCase()] = value;
    },
    setAll: (record) => Object.assign(headers, record),
  };
}
