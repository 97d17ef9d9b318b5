import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { responseHeaders } from '../http/response-headers.js';
import { runForRequest, type Logger } from './logger.js';

const REQUEST_ID_HEADER = 'X-Request-Id';
/** A client's own id is kept when it is short and plain: it is echoed in a header and written to the log. */
const CLIENT_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * Gives every request an id (the client's X-Request-Id when it sent a well-formed one, else a uuid; echoed
 * in the response) and a logger carrying it (currentLogger() in anything the handler calls), and writes one
 * line when the answer is ready: method, path (no query string), status, ms and the id. Never bodies,
 * headers, cookies or the query, which is where passwords and tokens travel.
 *
 * The id header is added to the finished response rather than before next() (as hono/request-id does):
 * a header set before the handler turns every answer's headers into a fetch Headers object, the adapter's
 * slow path (issue 19).
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header(REQUEST_ID_HEADER);
    const id = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
    c.set('requestId', id);
    // Services reach the request's logger through currentLogger() without it being passed down.
    await runForRequest(id, log, next);
    responseHeaders(c).set(REQUEST_ID_HEADER, id);
    const status = c.res.status;
    const level = status >= 500 ? 'error' : 'info';
    if (!log.isLevelEnabled(level)) return;
    const line = {
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    log[level](line, 'request');
  };
}
