import { z } from 'zod';
import { COUNTRY_CODES } from '../export/phone.js';
import { EXPORT_LANGUAGES } from '../export/messages.js';
import { HerdTreatmentSchema } from './herd.js';

/** CR or LF would let a value start a new mail header (header injection); refused outright. */
export const NO_LINE_BREAKS = /^[^\r\n]*$/;
export const lineBreakMessage = 'must not contain line breaks';

/** Spec section 5: non-empty, an e-mail shape with no whitespace anywhere. */
export const EXPORT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max: number) => z.string().max(max).optional();

/** Spec section 7: the consultationData of POST /api/send-whatsapp. Extra fields are kept for the PDF. */
export const WhatsAppConsultationDataSchema = z.object({
  clientName: text(200),
  patientName: text(200),
  species: text(100),
  consultationDate: text(40),
  consultationTime: text(40),
  subjective: text(20_000),
  assessment: text(20_000),
  plan: text(20_000),
  practiceName: text(200),
});

/** Spec section 7: the consultationData of POST /api/send-email (everything the letter and PDF need). */
export const EmailConsultationDataSchema = WhatsAppConsultationDataSchema.extend({
  consultationType: text(100),
  recordingDuration: text(40),
  objective: text(20_000),
});
export type EmailConsultationData = z.infer<typeof EmailConsultationDataSchema>;

export const SendWhatsAppRequestSchema = z.object({
  /** Digits only (spec section 5); the server strips anything else again rather than trusting the client. */
  phone: z.string().trim().min(1, 'Please enter a phone number').max(40),
  countryCode: z.enum(COUNTRY_CODES),
  consultationData: WhatsAppConsultationDataSchema,
  /** Beyond the spec: the edited preview. Absent: the server builds the summary from consultationData. */
  message: z.string().trim().min(1).max(4096).optional(),
  language: z.enum(EXPORT_LANGUAGES).optional(),
});
export type SendWhatsAppRequest = z.infer<typeof SendWhatsAppRequestSchema>;

export const SendWhatsAppResponseSchema = z.discriminatedUnion('mode', [
  z.object({
    success: z.literal(true),
    /** Delivered through the practice's WhatsApp Business Cloud API number. */
    mode: z.literal('cloud-api'),
    messageId: z.string(),
    to: z.string(),
  }),
  z.object({
    success: z.literal(true),
    /** No Cloud API configured: the client opens this wa.me link and the vet taps send in WhatsApp. */
    mode: z.literal('click-to-chat'),
    url: z.string(),
    to: z.string(),
  }),
]);
export type SendWhatsAppResponse = z.infer<typeof SendWhatsAppResponseSchema>;

/**
 * Issue 20: what the e-mail's PDF is. Absent or 'consultation': the SOAP record. 'withdrawal-slip': the
 * server computes the slip from consultationData (Plan, species, date and time) and, for a herd visit, the
 * treatments with their animals. 'client-instructions': the sheet as the vet edited it.
 */
export const ExportDocumentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consultation') }),
  z.object({
    kind: z.literal('withdrawal-slip'),
    treatments: z
      .array(
        HerdTreatmentSchema.extend({
          animals: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
        }),
      )
      .max(200)
      .optional(),
    groupName: z.string().trim().max(200).optional(),
    transcript: z.string().max(200_000).optional(),
  }),
  z.object({
    kind: z.literal('client-instructions'),
    text: z.string().trim().min(1).max(20_000),
  }),
]);
export type ExportDocument = z.infer<typeof ExportDocumentSchema>;

export const SendEmailRequestSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, 'Please enter an email address')
    .max(254)
    .regex(NO_LINE_BREAKS, `to ${lineBreakMessage}`)
    .regex(EXPORT_EMAIL_PATTERN, 'Please enter a valid email address'),
  subject: z.string().max(300).regex(NO_LINE_BREAKS, `subject ${lineBreakMessage}`),
  consultationData: EmailConsultationDataSchema,
  /** Beyond the spec: the letter as edited in the dialog. Absent: built from consultationData. */
  body: z.string().max(50_000).optional(),
  /** Beyond the spec (which does not send the checkbox): attach the SOAP PDF. Defaults to true, as the box. */
  attachPdf: z.boolean().optional(),
  language: z.enum(EXPORT_LANGUAGES).optional(),
  /** Issue 20: which document the PDF attachment is (default the consultation record). */
  document: ExportDocumentSchema.optional(),
});
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>;

export const SendEmailResponseSchema = z.object({
  success: z.literal(true),
  /** Whose account sent it: the practice's own SMTP account, or the server's default (SMTP_URL). */
  sender: z.enum(['practice', 'server']),
  attachment: z.string().nullable(),
});
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>;

/** Beyond the spec: the browser reports a PDF download so the audit log has every export. */
export const PdfExportLogRequestSchema = z.object({
  fileName: z.string().min(1).max(300),
  patientName: z.string().max(200).optional(),
});
