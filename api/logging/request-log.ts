import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from '../http/env.js';
import { runForRequest, type Logger } from './logger.js';

/**
 * Gives every request an id (the client's X-Request-Id when it sent a well-formed one, else a uuid; echoed
 * in the response) and a logger carrying it (currentLogger() in anything the handler calls), and writes one line when the answer is ready:
 * method, path (no query string), status, ms and the id. Never bodies, headers, cookies or the query,
 * which is where passwords and tokens travel.
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  const assignId = requestId();
  return (c, next) =>
    assignId(c, async () => {
      const started = performance.now();
      const id = c.var.requestId;
      // Services reach the request's logger through currentLogger() without it being passed down.
      await runForRequest(id, log, next);
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
    });
}
