import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';

/**
 * C0 control characters other than tab, line feed and carriage return. None belongs in anything a vet or a
 * client types; NUL in particular broke PostgreSQL (500) and made SQLite's search match every recording.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const controlCharacterMessage = (path: string, character: string) =>
  `${path.length > 80 ? `${path.slice(0, 80)}…` : path} must not contain control characters (U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;

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

/**
 * Refuses control characters in the path, the query and JSON bodies with 400, before any route or the
 * database sees them: one rule for every route instead of one per field. Runs after the body-size limit,
 * so the JSON it parses is bounded; the route's validator reuses the parsed body (Hono caches it).
 * Multipart routes check their JSON fields with `findControlCharacter` themselves.
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return c.json({ error: 'Malformed URL' }, 400);
    }
    const inPath = FORBIDDEN.exec(pathname);
    if (inPath) return c.json({ error: controlCharacterMessage('The address', inPath[0]) }, 400);
    for (const [name, value] of url.searchParams) {
      const found = FORBIDDEN.exec(name) ?? FORBIDDEN.exec(value);
      if (found) return c.json({ error: controlCharacterMessage(name, found[0]) }, 400);
    }
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        // Malformed JSON: the route's own parsing answers it with its usual message.
        return next();
      }
      const found = findControlCharacter(body);
      if (found) return c.json({ error: controlCharacterMessage(found.path, found.character) }, 400);
    }
    return next();
  };
}
