import type { Config } from '../config.js';
import type { DatabaseHandle } from '../../db/database.js';

/**
 * Everything a route may call, built once at boot (or per test). Routes receive this and nothing else,
 * so a test can run the real app against its own database, mail server and providers.
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
}

export interface ServiceOptions {
  config: Config;
  database: DatabaseHandle;
}

export function createServices(options: ServiceOptions): Services {
  return { config: options.config, database: options.database };
}
