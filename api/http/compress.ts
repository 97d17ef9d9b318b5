import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { lightweightCache, responseHeaders } from './response-headers.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Generated answers worth compressing: JSON (API) and the HTML shell. Audio, PDFs and images are not. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:html|plain|csv))\b/i;
/** Everything that may be sent compressed (here or from a precompressed file): caches must key on the encoding. */
const VARIES = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json|[\w.+-]+\+json)|image\/svg)/i;
/** Below this, the bytes saved do not pay for the work (and many answers are tiny `{ success: true }`). */
const MIN_BYTES = 1024;
/**
 * Brotli's default quality (11) is tuned for build-time compression and takes ~40× longer than level 4,
 * which still beats gzip's ratio on JSON; API answers are compressed per request.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

type Encoding = 'br' | 'gzip';

/** The client's preferred encoding among ours, honouring q-values (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/**
 * gzip or brotli for generated text responses (issue 19: a 20-row history page is ~4 KB of JSON, a
 * transcript much more; a farm phone pays for every byte). Static files are precompressed at build time
 * (scripts/precompress.ts) and arrive here already encoded, so they pass through untouched. Bodies are
 * buffered — API answers are complete JSON documents, never streams — and compressed on libuv's thread
 * pool, off the event loop.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status === 204 || res.status === 206 || res.status === 304) return;
    // Status and headers only: touching the body would turn @hono/node-server's lightweight response
    // into a full one and cost every small answer (health, { success: true }) several times its work.
    const headers = responseHeaders(c);
    if (headers.has('Content-Encoding')) return;
    const type = headers.get('Content-Type');
    if (!type || !VARIES.test(type)) return;
    // The answer depends on Accept-Encoding whether or not this one gets compressed.
    const vary = headers.get('Vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary))
      headers.set('Vary', `${vary}, Accept-Encoding`);
    if (!COMPRESSIBLE.test(type)) return;
    if (/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')) return;
    const declared = Number(headers.get('Content-Length') ?? Number.NaN);
    if (declared < MIN_BYTES) return;
    if (c.req.method === 'HEAD') return;
    // Size before Accept-Encoding: most answers are small, and parsing the header cost them more than this.
    const text = lightweightTextBody(c.res);
    // A UTF-8 character is at most 3 bytes: below a third of the threshold, no need to count.
    if (text !== undefined && (text.length < MIN_BYTES / 3 || Buffer.byteLength(text) < MIN_BYTES)) return;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    return compressBody(c, text, encoding);
  };
}

/** Replaces the response with its body compressed (when it is worth it), headers kept. */
async function compressBody(c: Context, text: string | undefined, encoding: Encoding): Promise<void> {
  const res = c.res;
  if (text === undefined && !res.body) return;
  const raw = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let body: Uint8Array = raw;
  if (raw.length >= MIN_BYTES) {
    body =
      encoding === 'br'
        ? await brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : await gzip(raw, { level: GZIP_LEVEL });
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  }
  headers.set('Content-Length', String(body.length));
  // Hono merges the old response's headers into a new one (Content-Length included) unless it is cleared.
  c.res = undefined as unknown as Response;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

/** The body of a response made from a string (c.json, c.html), read without turning a lightweight response into a full one. */
function lightweightTextBody(res: Response): string | undefined {
  const body = lightweightCache(res)?.[1];
  return typeof body === 'string' ? body : undefined;
}
