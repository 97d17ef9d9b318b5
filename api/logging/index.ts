export {
  createLogger,
  currentLogger,
  forRequest,
  logger,
  logLevelFromEnv,
  LOG_LEVELS,
  REDACT_PATHS,
  runForRequest,
  runWithLogger,
} from './logger.js';
export type { Logger, LoggerOptions, LogLevel } from './logger.js';
export { requestLog } from './request-log.js';
