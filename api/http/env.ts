import type { AuthUser } from '#shared/schemas/auth.js';
import type { Logger } from '../logging/logger.js';

/** What middleware puts on the request context for the handlers after it. */
export interface AppEnv {
  Variables: {
    user: AuthUser;
    sessionId: string;
    /** Set by requestLog for every request: the client's X-Request-Id or a new uuid. */
    requestId: string;
    /** The process logger with this request's id on every line (for services and jobs it starts). */
    log: Logger;
  };
}
