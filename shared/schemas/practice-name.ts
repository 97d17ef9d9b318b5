import { z } from 'zod';

/** Longest practice name, at registration and in Settings alike. */
export const PRACTICE_NAME_MAX = 200;

/**
 * Characters a practice name may not hold. It lands in e-mail headers (From display name), PDFs, the
 * admin table and WhatsApp messages, so: no control characters (C0 incl. CR/LF/tab/NUL, DEL, C1), no
 * bidirectional overrides, isolates or marks (they reorder what the reader sees), and no angle brackets
 * (markup). '&' and quotes stay allowed: "Smith & O'Brien Vets" is a real name.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this refuses
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>]/;

export const practiceNameMessages = {
  required: 'Practice name is required',
  tooLong: `Practice name must be at most ${PRACTICE_NAME_MAX} characters`,
  forbidden:
    'Practice name must be one line of plain text (no control characters, text-direction marks or < >)',
} as const;

/**
 * One practice name rule for sign-up (POST /api/auth/register) and Settings (PUT /api/settings/practice):
 * trimmed, 1–200 characters, plain single-line text.
 */
export const practiceNameSchema = z
  .string({ error: practiceNameMessages.required })
  .trim()
  .min(1, practiceNameMessages.required)
  .max(PRACTICE_NAME_MAX, practiceNameMessages.tooLong)
  .refine((value) => !FORBIDDEN.test(value), practiceNameMessages.forbidden);
