import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { mayHaveBody } from './request.js';

import {
  CONTROL_CHARACTERS as FORBIDDEN,
  controlCharacterMessage,
} from '#shared/schemas/control-characters.js';

export { controlCharacterMessage };

interface Visit {
  value: unknown;
  /** The key or index that led here from `parent`; the path is only spelled out for a hit. */
  step: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): string {
  const steps: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.step !== undefined; at = at.parent) steps.push(at.step);
  return (
    steps
      .reverse()
      .reduce<string>(
        (path, step) => (typeof step === 'number' ? `${path}[${step}]` : path ? `${path}.${step}` : step),
        '',
      ) || 'body'
  );
}

/**
 * The first string in a JSON value (keys included) holding a forbidden character, with its path. Walks
 * with its own stack, linear in the body: deeply nested arrays must not overflow the call stack.
 */
export function findControlCharacter(value: unknown): { path: string; character: string } | undefined {
  const pending: Visit[] = [{ value, step: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const item = visit.value;
    if (typeof item === 'string') {
      const match = FORBIDDEN.exec(item);
      if (match) return { path: pathOf(visit), character: match[0] };
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push({ value: item[index], step: index, parent: visit });
      }
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        const inKey = FORBIDDEN.exec(key);
        if (inKey) return { path: pathOf({ value: child, step: key, parent: visit }), character: inKey[0] };
        pending.push({ value: child, step: key, parent: visit });
      }
    }
  }
  return undefined;
}

/** Routes that read their body after their own size limit; they call findControlCharacter themselves. */
const CHECKED_BY_ROUTE = new Set([
  '/api/recordings/save',
  '/api/recordings/save-upload',
  '/api/transcribe',
  '/api/extract',
]);

/**
 * Refuses control characters in JSON bodies with 400 before any route or the database sees them: one rule
 * for every field instead of one per schema. Runs after the body-size limit, so the JSON it parses is
 * bounded; the route's validator reuses the parsed body (Hono caches it). Query and path fields that reach
 * the database refine their schemas with `withoutControlCharacters` (shared/schemas/control-characters.ts).
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (
      !mayHaveBody(c) ||
      CHECKED_BY_ROUTE.has(c.req.path) ||
      !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)
    ) {
      return next();
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      // Malformed JSON: the route's own parsing answers it with its usual message.
      return next();
    }
    const found = findControlCharacter(body);
    if (found) return c.json({ error: controlCharacterMessage(found.path, found.character) }, 400);
    return next();
  };
}
