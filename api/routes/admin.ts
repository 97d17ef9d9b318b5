import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  adminMessages,
  adminStatsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  deleteUserResponseSchema,
  purgeRequestSchema,
  purgeResponseSchema,
  retentionRequestSchema,
  setAdminRequestSchema,
  userIdParamsSchema,
} from '#shared/schemas/admin.js';
import { requireAdmin } from '../http/auth.js';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/env.js';
import { errorResponse, json, jsonBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import type { Actor } from '../services/admin-service.js';
import type { Services } from '../services/index.js';

const refusals = {
  401: errorResponse('Not authenticated'),
  403: errorResponse('Administrator privileges required'),
};
const invalidInput = errorResponse('Invalid input; `error` says which field and why');
const unknownUser = errorResponse(adminMessages.userNotFound);

/** Turns a bare date `to` into the start of the next day, so `to=2025-03-01` includes all of 1 March. */
function toInstant(value: string | undefined, endOfDay: boolean): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/**
 * The admin area (spec sections 2 'Admin', 6, 7) and the security controls of issue 8: users, stats,
 * admin flag, account deletion, retention and legal hold, the audit log and a purge run. Admins only;
 * the flag is re-read from the database on every request.
 */
export function adminRoutes(services: Services) {
  const router = createRouter();
  const { admin, audit, config } = services;
  router.use('*', requireAdmin(services));
  const actor = (c: Context<AppEnv>): Actor => ({
    user: c.var.user,
    clientAddress: clientAddress(c, config),
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/users',
      operationId: 'adminListUsers',
      summary: 'Every account with its recording count',
      responses: {
        200: {
          ...json(adminUsersResponseSchema, 'Users, newest first'),
          // Lets stateful clients (and the schemathesis run) act on real ids.
          links: {
            SetAdmin: { operationId: 'adminSetAdmin', parameters: { id: '$response.body#/users/0/id' } },
            SetRetention: {
              operationId: 'adminSetRetention',
              parameters: { id: '$response.body#/users/0/id' },
            },
            DeleteUser: { operationId: 'adminDeleteUser', parameters: { id: '$response.body#/users/0/id' } },
          },
        },
        ...refusals,
      },
    }),
    async (c) => c.json({ users: await admin.listUsers() }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/stats',
      operationId: 'adminStats',
      summary: 'Totals for the stat cards',
      description:
        'totalPractices counts accounts that have a practice name or at least one non-deleted recording; ' +
        'totalRecordings counts non-deleted recordings.',
      responses: { 200: json(adminStatsResponseSchema, 'Totals'), ...refusals },
    }),
    async (c) => c.json({ stats: await admin.stats() }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/set-admin',
      operationId: 'adminSetAdmin',
      summary: 'Grant or remove admin',
      request: { params: userIdParamsSchema, ...jsonBody(setAdminRequestSchema) },
      responses: {
        200: json(adminUserResponseSchema, 'Changed; the user as it now is'),
        400: errorResponse(`Invalid input, or: ${adminMessages.cannotDemoteSelf}`),
        ...refusals,
        404: unknownUser,
        409: errorResponse(adminMessages.lastAdmin),
      },
    }),
    async (c) => {
      const user = await admin.setAdmin(actor(c), c.req.valid('param').id, c.req.valid('json').isAdmin);
      return c.json({ success: true as const, user }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}',
      operationId: 'adminDeleteUser',
      summary: 'Delete a user with all their recordings and audio; their sessions end',
      request: { params: userIdParamsSchema },
      responses: {
        200: json(deleteUserResponseSchema, 'Deleted'),
        400: errorResponse(`Invalid id, or: ${adminMessages.cannotDeleteSelf}`),
        ...refusals,
        404: unknownUser,
        409: errorResponse(adminMessages.lastAdmin),
      },
    }),
    async (c) => {
      const { recordingsDeleted } = await admin.deleteUser(actor(c), c.req.valid('param').id);
      return c.json({ success: true as const, recordingsDeleted }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/retention',
      operationId: 'adminSetRetention',
      summary: "Set a practice's retention period and legal hold",
      description:
        'retentionYears counts from the patient’s last consultation; at least 3 (SA Veterinary Council). ' +
        'legalHold true stops the purge from deleting anything of this practice.',
      request: { params: userIdParamsSchema, ...jsonBody(retentionRequestSchema) },
      responses: {
        200: json(adminUserResponseSchema, 'Changed; the user as it now is'),
        400: invalidInput,
        ...refusals,
        404: unknownUser,
      },
    }),
    async (c) => {
      const user = await admin.setRetention(actor(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ success: true as const, user }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/retention/purge',
      operationId: 'adminPurge',
      summary: 'Run the retention purge now (dry run by default)',
      request: jsonBody(purgeRequestSchema),
      responses: {
        200: json(purgeResponseSchema, 'What was (or would be) deleted'),
        400: invalidInput,
        ...refusals,
      },
    }),
    async (c) => {
      const report = await services.retention.purge({ dryRun: c.req.valid('json').dryRun });
      const {
        rateLimitEventsPruned: _pruned,
        idempotencyKeysPruned: _replays,
        temporaryBlobsDeleted: _temporaries,
        orphanBlobsDeleted: _orphans,
        practices,
        ...totals
      } = report;
      return c.json(
        {
          report: {
            ...totals,
            practices: practices.map(({ recordingIds, ...practice }) => ({
              ...practice,
              recordings: recordingIds.length,
            })),
          },
        },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      operationId: 'adminAudit',
      summary: 'The audit log, newest first, filtered',
      description:
        'actor: a user id or an e-mail; action: exact or a prefix (auth, export, admin.user); from inclusive, ' +
        'to exclusive (a bare date includes that day); limit 1–500 (50); offset. Viewing is itself audited.',
      request: { query: auditQuerySchema },
      responses: {
        200: json(auditResponseSchema, 'One page of entries and the total'),
        400: invalidInput,
        ...refusals,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const byEmail = query.actor?.includes('@');
      const { entries, total } = await audit.list({
        actorId: byEmail ? undefined : query.actor,
        actorEmail: byEmail ? query.actor?.toLowerCase() : undefined,
        action: query.action,
        practiceId: query.practice,
        from: toInstant(query.from, false),
        to: toInstant(query.to, true),
        limit: query.limit,
        offset: query.offset,
      });
      // Reading the log is recorded after the read, so the page shown does not include its own entry.
      await audit.record({
        actorId: c.var.user.id,
        actorEmail: c.var.user.email,
        practiceId: null,
        action: 'admin.audit.view',
        targetType: 'audit',
        details: { filter: query, returned: entries.length },
        clientAddress: clientAddress(c, config),
      });
      return c.json({ entries, total, limit: query.limit, offset: query.offset }, 200);
    },
  );

  return router;
}
