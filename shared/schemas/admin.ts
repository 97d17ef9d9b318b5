import { z } from 'zod';

/** SA Veterinary Council minimum (3 years after the last consultation) and a sane ceiling. */
export const RETENTION_YEARS_MIN = 3;
export const RETENTION_YEARS_MAX = 100;
/** What a new practice gets (db/migrations/0003_security.ts writes the same default into the column). */
export const RETENTION_YEARS_DEFAULT = 7;
export const AUDIT_PAGE_MAX = 500;

/**
 * The server's refusals (admin-service) in its words; the admin screen shows the same words up front as
 * the reason a button is disabled, so both read them from here.
 */
export const adminMessages = {
  userNotFound: 'User not found',
  cannotDemoteSelf: 'You cannot remove your own admin rights. Ask another administrator to do it.',
  cannotDeleteSelf: 'You cannot delete your own account while signed in as it. Ask another administrator.',
  lastAdmin: 'This is the last administrator. Make another user an admin first.',
} as const;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  practiceName: z.string().nullable(),
  /** Non-deleted recordings. */
  recordingCount: z.number().int().min(0),
  /** 0 or 1, as /api/auth/me reports it. */
  isAdmin: z.number().int().min(0).max(1),
  retentionYears: z.number().int(),
  legalHold: z.boolean(),
  createdAt: z.string(),
});

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });

export const adminStatsResponseSchema = z.object({
  stats: z.object({
    totalUsers: z.number().int().min(0),
    /** Non-deleted recordings. */
    totalRecordings: z.number().int().min(0),
    /** Accounts with a practice name or at least one non-deleted recording. */
    totalPractices: z.number().int().min(0),
  }),
});

/** Server-built ids (uuids); the pattern also keeps control characters away from the database. */
export const userIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'id must be a user id'),
});

export const setAdminRequestSchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});

export const adminUserResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });

export const deleteUserResponseSchema = z.object({
  success: z.literal(true),
  recordingsDeleted: z.number().int().min(0),
});

export const retentionRequestSchema = z
  .object({
    retentionYears: z
      .number({ error: 'retentionYears must be a whole number of years' })
      .int('retentionYears must be a whole number of years')
      .min(
        RETENTION_YEARS_MIN,
        `retentionYears must be at least ${RETENTION_YEARS_MIN} (SA Veterinary Council minimum)`,
      )
      .max(RETENTION_YEARS_MAX, `retentionYears must be at most ${RETENTION_YEARS_MAX}`)
      .optional(),
    legalHold: z.boolean({ error: 'legalHold must be true or false' }).optional(),
  })
  .refine((body) => body.retentionYears !== undefined || body.legalHold !== undefined, {
    message: 'Send retentionYears, legalHold or both',
  });

/** Strict: a misspelt `dryrun: false` must be an error, not a silent dry run. */
export const purgeRequestSchema = z.strictObject({
  /** true (the default): report what would be deleted without deleting. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(true),
});

export const purgeResponseSchema = z.object({
  report: z.object({
    dryRun: z.boolean(),
    ranAt: z.string(),
    recordingsDeleted: z.number().int().min(0),
    audioBlobsDeleted: z.number().int().min(0),
    practicesOnLegalHold: z.number().int().min(0),
    practices: z.array(
      z.object({
        practiceId: z.string(),
        retentionYears: z.number().int(),
        cutoff: z.string(),
        /** Expired recordings of the practice (deleted unless dryRun). */
        recordings: z.number().int().min(0),
      }),
    ),
  }),
});

/** A date (YYYY-MM-DD, taken as UTC midnight) or an ISO-8601 date-time with a zone. */
const instant = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be a date (2025-03-01) or an ISO 8601 date-time with a zone`,
    })
    .optional();

export const auditQuerySchema = z.object({
  /** A user id, or an e-mail address (matched against the e-mail recorded at the time). */
  actor: z
    .string()
    .min(1, 'actor must be a user id or e-mail address')
    .max(254, 'actor must be a user id or e-mail address')
    // Control characters (NUL above all) are refused before they reach PostgreSQL.
    .refine(
      (value) => [...value].every((char) => char.charCodeAt(0) >= 0x20),
      'actor must be a user id or e-mail address',
    )
    .optional(),
  /** An action (auth.login.failure) or a family prefix (auth, export, admin.user). */
  action: z
    .string()
    .regex(
      /^[a-z_]{1,32}(\.[a-z_]{1,32}){0,3}$/,
      'action must look like auth.login.failure or a prefix such as export',
    )
    .optional(),
  /** Practice (account) id the events concern. */
  practice: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'practice must be a user id')
    .optional(),
  /** Inclusive. */
  from: instant('from'),
  /** Exclusive; a bare date includes that whole day. */
  to: instant('to'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(1_000_000, 'offset must be at most 1000000')
    .default(0),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** UTC, ISO-8601. */
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  practiceId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  clientAddress: z.string().nullable(),
});

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;
export type AdminStats = z.infer<typeof adminStatsResponseSchema>['stats'];
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
export type RetentionRequest = z.infer<typeof retentionRequestSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/**
 * Every action the audit log knows. Dotted, lower-case; filtering by a prefix (`export`, `admin.user`)
 * selects a family. Add new ones here so the admin screen and the filter stay in step with the callers.
 */
export const auditActions = [
  // Accounts (wired in the auth routes)
  'auth.register',
  'auth.login.success',
  'auth.login.failure',
  'auth.logout',
  'auth.password_reset.request',
  'auth.password_reset.complete',
  // Clinical records (called by the recordings routes)
  'recording.view',
  'recording.create',
  'recording.update',
  'recording.delete',
  // Exports: details must carry the channel's recipient (called by the export routes)
  'export.email',
  'export.whatsapp',
  'export.pdf',
  // Administration
  'admin.user.set_admin',
  'admin.user.delete',
  'admin.user.retention',
  'admin.audit.view',
  // The retention purge (system actor)
  'retention.purge',
] as const;

export type AuditAction = (typeof auditActions)[number];
