export {
  censorSecrets,
  createLogger,
  currentLogger,
  forRequest,
  logger,
  logLevelFromEnv,
  LOG_LEVELS,
  runForRequest,
  runWithLogger,
} from './logger.js';
export type { Logger, LoggerOptions, LogLevel } from './logger.js';
export { requestLog } from './request-log.js';
