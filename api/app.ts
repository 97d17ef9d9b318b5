import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { escapeToBuffer } from 'hono/utils/html';
import { validateSessionCookie } from './http/auth.js';
import { compressResponses } from './http/compress.js';
import type { AppEnv } from './http/env.js';
import { limitRequestBodies } from './http/body-limits.js';
import { refuseControlCharacters } from './http/control-characters.js';
import { handleError } from './http/errors.js';
import { isHttpsRequest } from './http/request.js';
import { responseHeaders } from './http/response-headers.js';
import { createRouter } from './http/router.js';
import { rejectCrossSiteRequests, securityHeaders } from './http/security.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { exportRoutes } from './routes/export.js';
import { extractRoutes } from './routes/extract.js';
import { herdVisitRoutes } from './routes/herd-visits.js';
import { metaRoutes } from './routes/meta.js';
import { recordingsRoutes } from './routes/recordings.js';
import { settingsRoutes } from './routes/settings.js';
import { transcribeRoutes } from './routes/transcribe.js';
import { transcriptSuggestionsRoutes } from './routes/transcript-suggestions.js';
import { logger as processLogger, requestLog, type Logger } from './logging/index.js';
import type { Services } from './services/index.js';
import { authUserSchema, type AuthUser } from '#shared/schemas/auth.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWebDir = path.join(repoRoot, 'dist', 'web');

/** Every method but GET and HEAD: a method Hono has no route for meets only the 404 below, unread. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface AppOptions {
  services: Services;
  /** The built PWA; omitted in API-only tests. */
  webDir?: string | undefined;
  /** Where request lines go; the process logger (LOG_LEVEL) by default. */
  logger?: Logger | undefined;
}

/** The whole HTTP surface: JSON API under /api, the built PWA for everything else. */
export function createApp({ services, webDir, logger = processLogger }: AppOptions): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.onError(handleError);
  // First of all: the id and the timing cover everything below, refusals and errors included.
  app.use('*', requestLog(logger));
  // Outermost after the log line, so it sees every header the others add; static files arrive precompressed and pass through.
  app.use('*', compressResponses());
  // Before the CSRF check, so its refusals carry them too.
  app.use('*', securityHeaders({ isHttps: (c) => isHttpsRequest(c, services.config) }));
  // The checks of what a request sends run for the methods that can send something: GET and HEAD carry
  // no body and change nothing (mayHaveBody, the CSRF rule), and skipping three middleware frames there is
  // about a tenth of a health check's CPU time (issue 19).
  app.on(BODY_METHODS, '/api/*', rejectCrossSiteRequests({ trustProxy: services.config.TRUST_PROXY }));
  // Before any route reads a body: an oversized one is refused unread (issue 14).
  app.on(BODY_METHODS, '/api/*', limitRequestBodies(services.config));
  app.on(BODY_METHODS, '/api/*', refuseControlCharacters());

  app.route('/api', metaRoutes(services));
  app.route('/api/auth', authRoutes(services));
  app.route('/api/admin', adminRoutes(services));
  app.route('/api', transcribeRoutes(services));
  app.route('/api', transcriptSuggestionsRoutes(services));
  app.route('/api/recordings', recordingsRoutes(services));
  app.route('/api/herd-visits', herdVisitRoutes(services));
  app.route('/api', extractRoutes(services));
  app.route('/api', exportRoutes(services));
  app.route('/api/settings', settingsRoutes(services));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'VeldVet API', version: '1.0.0' },
  });
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) mountWebApp(app, webDir, services);
  return app;
}

function mountWebApp(app: OpenAPIHono<AppEnv>, webDir: string, services: Services): void {
  const root = path.relative(process.cwd(), webDir) || '.';
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // The recorder's page: the shell plus preloads of the recorder's chunks (scripts/precache-split.ts).
  const appHtmlFile = path.join(webDir, 'app.html');
  const appHtml = fs.existsSync(appHtmlFile) ? fs.readFileSync(appHtmlFile, 'utf8') : indexHtml;
  app.use('*', async (c, next) => {
    await next();
    // The service worker and the shell must be revalidated so updates reach installed apps.
    if (
      /\/(sw\.js|index\.html|manifest\.webmanifest|registerSW\.js)$/.test(c.req.path) ||
      c.req.path === '/'
    ) {
      responseHeaders(c).set('Cache-Control', 'no-cache');
    } else if (c.req.path.startsWith('/assets/')) {
      responseHeaders(c).set('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
  // Serves dist/web's .br/.gz copies (scripts/precompress.ts) with Content-Encoding and Vary.
  app.use('*', serveStatic({ root, precompressed: true }));
  // Client-side routes (/app, /history, unknown paths → the React 404 page) all load the shell, revalidated
  // like index.html itself so a release reaches the next visit.
  app.get('*', async (c) => {
    if (!/^\/app\/?$/.test(c.req.path)) {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    }
    // The vet the session cookie signs in: the page then opens on the recorder without waiting for
    // GET /api/auth/me (issue 19, LCP on a first visit). Without one, the plain page runs its own check.
    const confirmed = (await validateSessionCookie(c, services))?.user;
    if (!confirmed) {
      c.header('Cache-Control', 'no-cache');
      return c.html(appHtml);
    }
    // This copy names the signed-in vet: never cached, and a cache must not serve it for another cookie.
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Cookie');
    return c.html(appHtml.replace('</head>', `${sessionMeta(confirmed)}</head>`));
  });
}

/**
 * A meta tag, not a script (the CSP allows none inline): the signed-in user as GET /api/auth/me gives it
 * (authUserSchema drops anything else the session carries), as JSON in an HTML-escaped attribute.
 */
function sessionMeta(user: AuthUser): string {
  const content: [string] = [''];
  escapeToBuffer(JSON.stringify(authUserSchema.parse(user)), content);
  return `<meta name="veldvet-session" content="${content[0]}">`;
}
