import type { AuthUser } from '#shared/schemas/auth.js';

/** What middleware puts on the request context for the handlers after it. */
export interface AppEnv {
  Variables: {
    user: AuthUser;
    sessionId: string;
    /** Set by requestLog for every request: the client's X-Request-Id or a new uuid. */
    requestId: string;
  };
}
