import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../../api/app.js';
import type { Logger } from '../../api/logging/index.js';
import { databaseLimits, loadConfig, type Config } from '../../api/config.js';
import { createServices, type ServiceOptions, type Services } from '../../api/services/index.js';
import { migrateToLatest, openDatabase, type DialectName } from '../../db/database.js';
import { createPostgresDatabase } from './postgres.js';

export { testPostgresUrl } from './postgres.js';
export const dialects: DialectName[] = ['sqlite', 'postgres'];

export interface TestServer {
  baseUrl: string;
  config: Config;
  services: Services;
  dataDir: string;
  /** The throw-away PostgreSQL database's name, when the dialect is postgres. */
  postgresDatabase?: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect?: DialectName;
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  /** Serve the built PWA from this folder too. */
  webDir?: string;
  /** Sees every request the server receives (e.g. to count uploads), before the app handles it. */
  onRequest?: (request: Request) => void;
  /** Request log lines go here instead of the process logger (LOG_LEVEL; 'warn' under test). */
  logger?: Logger;
  /** Replace or add services (e.g. a provider pointed at a local peer). */
  overrides?: (options: ServiceOptions, services: Services) => Services;
}

/** Starts the real app over HTTP on a free port, with its own data folder and database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-test-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    // Tests register many practices from 127.0.0.1; the sign-up throttle has its own test (hardening).
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    limits: databaseLimits(config),
  });
  await migrateToLatest(database.db);
  const serviceOptions = { config, database };
  const baseServices = createServices(serviceOptions);
  const services = options.overrides ? options.overrides(serviceOptions, baseServices) : baseServices;
  const app = createApp({ services, webDir: options.webDir, logger: options.logger });

  const server: ServerType = await new Promise((resolve) => {
    const onRequest = options.onRequest;
    const fetch: typeof app.fetch = onRequest
      ? (request, ...rest) => (onRequest(request), app.fetch(request, ...rest))
      : app.fetch;
    const started = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    services,
    dataDir,
    ...(postgres ? { postgresDatabase: postgres.name } : {}),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
