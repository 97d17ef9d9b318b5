import { z } from 'zod';
import { NO_LINE_BREAKS, lineBreakMessage } from './export.js';
import { practiceNameSchema } from './practice-name.js';

/** Spec section 5: practiceEmailProvider is one of these; gmail is the default (section 9). */
export const EMAIL_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'custom'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** Outgoing SMTP ports a custom server may use: submission, implicit TLS, plain relay and the common alternative. */
export const ALLOWED_SMTP_PORTS = [25, 465, 587, 2525] as const;

/** What GET/PUT /api/settings/practice answer. Secrets never leave the server: only whether one is stored. */
export const PracticeSettingsSchema = z.object({
  practiceName: z.string().nullable(),
  practicePhone: z.string().nullable(),
  practiceEmail: z.string().nullable(),
  practiceEmailProvider: z.enum(EMAIL_PROVIDERS),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpSecure: z.boolean(),
  hasEmailPassword: z.boolean(),
  whatsappPhoneNumberId: z.string().nullable(),
  hasWhatsappAccessToken: z.boolean(),
  /** Terms for transcription (drugs the practice uses, farm names, breeds), one per line or comma-separated. */
  practiceVocabulary: z.string().nullable(),
});
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

/** The practice vocabulary's length limit: far more than Whisper's prompt takes (~150 words), which keeps the first terms. */
export const PRACTICE_VOCABULARY_MAX = 4000;

/** A single-line optional text: '' or null clears it. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(NO_LINE_BREAKS, lineBreakMessage)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * PUT /api/settings/practice. Every field is optional (spec section 5); an absent field is left as it is.
 * Secrets: a string sets it, null or '' removes it, absent keeps it. Unknown keys are refused, so a
 * misspelt field is a 400 rather than a silent no-op.
 */
export const UpdatePracticeSettingsSchema = z.strictObject({
  // The same rule as sign-up (shared/schemas/practice-name.ts); '' or null clears it.
  practiceName: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(practiceNameSchema.nullable())
    .nullable()
    .optional(),
  practicePhone: line(40),
  practiceEmail: z
    .string()
    .trim()
    .max(254)
    .regex(NO_LINE_BREAKS, lineBreakMessage)
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Please enter a valid email address',
    )
    .transform((value) => (value === '' ? null : value.toLowerCase()))
    .nullable()
    .optional(),
  practiceEmailProvider: z.enum(EMAIL_PROVIDERS).optional(),
  practiceEmailPassword: z.string().max(500).regex(NO_LINE_BREAKS, lineBreakMessage).nullable().optional(),
  smtpHost: line(253).refine(
    (value) => value === null || value === undefined || /^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/.test(value),
    'smtpHost must be a host name or IP address',
  ),
  smtpPort: z.number().int().min(1).max(65535).nullable().optional(),
  smtpSecure: z.boolean().optional(),
  whatsappPhoneNumberId: line(64).refine(
    (value) => value === null || value === undefined || /^\d+$/.test(value),
    'whatsappPhoneNumberId must be digits',
  ),
  whatsappAccessToken: z.string().max(1000).regex(NO_LINE_BREAKS, lineBreakMessage).nullable().optional(),
  practiceVocabulary: z
    .string()
    .trim()
    .max(
      PRACTICE_VOCABULARY_MAX,
      `The practice vocabulary is limited to ${PRACTICE_VOCABULARY_MAX} characters`,
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type UpdatePracticeSettings = z.input<typeof UpdatePracticeSettingsSchema>;

/** 200 of POST /api/settings/practice/test-email: the address the practice's mail server accepted it for. */
export const TestEmailResponseSchema = z.object({ success: z.literal(true), to: z.string() });
export type TestEmailResponse = z.infer<typeof TestEmailResponseSchema>;

export const TestEmailRequestSchema = z.strictObject({
  /** Defaults to the practice's own address. */
  to: z
    .string()
    .trim()
    .max(254)
    .regex(NO_LINE_BREAKS, lineBreakMessage)
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .optional(),
});
