import type { ClinicalData } from '#shared/schemas/clinical.js';
import type {
  ExportDocument,
  SendEmailRequest,
  SendEmailResponse,
  SendWhatsAppRequest,
  SendWhatsAppResponse,
} from '#shared/schemas/export.js';
import { buildEmailLetter, buildWhatsAppMessage, pdfFileName } from '#shared/export/messages.js';
import { consultationPdfDocument } from '#shared/export/pdf-document.js';
import { instructionsPdfDocument, withdrawalSlipPdfDocument } from '#shared/export/farm-pdf.js';
import { instructionsFileName } from '#shared/farm/client-instructions.js';
import { buildWithdrawalSlip, slipFileName, slipText } from '#shared/farm/slip.js';
import { localDay } from '#shared/farm/withdrawal.js';
import { checkPhone, clickToChatUrl } from '#shared/export/phone.js';
import type { AuthUser } from '#shared/schemas/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { renderPdf } from '../pdf/render.js';
import {
  unconfiguredMailer,
  type MailAttachment,
  type Mailer,
  type MailMessage,
} from '../providers/mail/mailer.js';
import { sendWithPracticeAccount } from '../providers/mail/practice-mailer.js';
import { WhatsAppSendError } from '../providers/whatsapp/whatsapp-sender.js';
import type { AuditService } from './audit-service.js';
import type { Clock } from './clock.js';
import type { RateLimitService } from './rate-limit-service.js';
import { mailErrorText, type SettingsService } from './settings-service.js';

export interface ExportServiceDeps {
  settings: SettingsService;
  /** The server's default mail account (SMTP_URL / MAIL_FROM), used when the practice has none. */
  mailer: Mailer;
  audit: AuditService;
  clock: Clock;
  /** Bounds what the server's own mail account sends per practice and in total (issue 14). */
  rateLimits?: RateLimitService;
}

export interface RequestOrigin {
  clientAddress: string | null;
}

export interface ExportService {
  sendWhatsApp(
    user: AuthUser,
    request: SendWhatsAppRequest,
    origin: RequestOrigin,
  ): Promise<SendWhatsAppResponse>;
  sendEmail(user: AuthUser, request: SendEmailRequest, origin: RequestOrigin): Promise<SendEmailResponse>;
  recordPdfDownload(user: AuthUser, fileName: string, origin: RequestOrigin): Promise<void>;
}

type ExportedNotes = Partial<Record<keyof ClinicalData, string | undefined>>;

/** The payload's consultationData as notes: absent SOAP sections are empty, never 'undefined'. */
function asNotes(data: ExportedNotes): ClinicalData {
  const { subjective, objective, assessment, plan, ...header } = data;
  const defined = Object.fromEntries(Object.entries(header).filter(([, value]) => value !== undefined));
  return {
    ...defined,
    subjective: subjective ?? '',
    objective: objective ?? '',
    assessment: assessment ?? '',
    plan: plan ?? '',
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The plain letter as HTML: escaped (it is user text) with its line breaks kept. */
function letterHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
  return `<div style="font-family:Arial,sans-serif;font-size:14px;line-height:1.5">${escaped.replace(/\r?\n/g, '<br>')}</div>`;
}

interface FarmDocument {
  text: string;
  fileName: string;
  incomplete: boolean;
  pdf: (options: {
    generatedAt: Date;
    practiceName: string | undefined;
  }) => ReturnType<typeof withdrawalSlipPdfDocument>;
}

/** Issue 20: the withdrawal slip (computed here from the notes, so its dates are the server's own) or the sheet. */
function farmDocument(
  document: ExportDocument | undefined,
  notes: ClinicalData,
  now: Date,
  practiceName: string | undefined,
): FarmDocument | undefined {
  if (!document || document.kind === 'consultation') return undefined;
  if (document.kind === 'client-instructions') {
    return {
      text: document.text,
      fileName: instructionsFileName(notes.patientName, localDay(now)),
      incomplete: false,
      pdf: (options) =>
        instructionsPdfDocument(document.text, { ...options, title: document.text.split('\n')[0] ?? '' }),
    };
  }
  const slip = buildWithdrawalSlip({
    notes,
    transcript: document.transcript,
    treatments: document.treatments,
    groupName: document.groupName,
    fallbackInstant: now,
  });
  return {
    text: slipText(slip, { practiceName }),
    fileName: slipFileName(slip),
    incomplete: slip.incomplete,
    pdf: (options) => withdrawalSlipPdfDocument(slip, options),
  };
}

export function createExportService(deps: ExportServiceDeps): ExportService {
  const signature = (user: AuthUser, fromPayload: string | undefined) => user.practiceName || fromPayload;

  return {
    async sendWhatsApp(user, request, origin) {
      const phone = checkPhone(request.countryCode, request.phone);
      if (!phone.ok) {
        throw badRequest(
          phone.reason === 'empty'
            ? 'Please enter a phone number'
            : `Invalid phone number for ${request.countryCode}`,
        );
      }
      const text =
        request.message ??
        buildWhatsAppMessage(asNotes(request.consultationData), {
          language: request.language ?? 'en',
          practiceName: signature(user, request.consultationData.practiceName),
          now: deps.clock(),
        });
      const to = `${request.countryCode} ${phone.national}`;
      const sender = await deps.settings.whatsappSender(user.id);
      let response: SendWhatsAppResponse;
      if (sender) {
        try {
          const { messageId } = await sender.sendText(phone.e164Digits, text);
          response = { success: true, mode: 'cloud-api', messageId, to };
        } catch (error) {
          if (error instanceof WhatsAppSendError) throw new HttpError(502, error.message);
          throw error;
        }
      } else {
        response = { success: true, mode: 'click-to-chat', url: clickToChatUrl(phone.e164Digits, text), to };
      }
      await deps.audit.record({
        actorId: user.id,
        actorEmail: user.email,
        action: 'export.whatsapp',
        targetType: 'consultation',
        details: { channel: 'whatsapp', recipient: `+${phone.e164Digits}`, mode: response.mode },
        clientAddress: origin.clientAddress,
      });
      return response;
    },

    async sendEmail(user, request, origin) {
      const notes = asNotes(request.consultationData);
      const now = deps.clock();
      const practiceName = signature(user, request.consultationData.practiceName);
      const farm = farmDocument(request.document, notes, now, practiceName);
      if (farm?.incomplete) throw badRequest('Enter every withdrawal period before sending the slip');
      const text =
        request.body ??
        farm?.text ??
        buildEmailLetter(notes, { language: request.language ?? 'en', practiceName, now });
      const attachPdf = request.attachPdf ?? true;
      const attachments: MailAttachment[] = [];
      if (attachPdf) {
        const pdfOptions = { generatedAt: now, practiceName: user.practiceName || undefined };
        const attachment = farm
          ? { filename: farm.fileName, content: await renderPdf(farm.pdf(pdfOptions)) }
          : {
              filename: pdfFileName(notes, now),
              content: await renderPdf(consultationPdfDocument(notes, pdfOptions)),
            };
        attachments.push({ ...attachment, contentType: 'application/pdf' });
      }
      const message: MailMessage = {
        to: request.to,
        subject: request.subject,
        text,
        html: letterHtml(text),
        ...(attachments.length > 0 ? { attachments } : {}),
      };

      const account = await deps.settings.practiceAccount(user.id);
      if (!account && deps.mailer === unconfiguredMailer) {
        throw new HttpError(503, 'E-mail is not set up: add the practice e-mail account in Settings');
      }
      // The server's account is shared by every practice: counted, so no account can turn it into a relay.
      // A practice's own account is its own business (and its provider's limits).
      const counted = account ? undefined : await deps.rateLimits?.countServerMail(user.id);
      try {
        if (account) await sendWithPracticeAccount(account, message);
        else await deps.mailer.send(message);
      } catch (error) {
        await counted?.uncount();
        throw new HttpError(502, `The mail server did not accept the e-mail: ${mailErrorText(error)}`);
      }
      const sender = account ? 'practice' : 'server';
      await deps.audit.record({
        actorId: user.id,
        actorEmail: user.email,
        action: 'export.email',
        targetType: 'consultation',
        details: {
          channel: 'email',
          recipient: request.to,
          sender,
          attachPdf,
          document: request.document?.kind ?? 'consultation',
        },
        clientAddress: origin.clientAddress,
      });
      return { success: true, sender, attachment: attachments[0]?.filename ?? null };
    },

    async recordPdfDownload(user, fileName, origin) {
      await deps.audit.record({
        actorId: user.id,
        actorEmail: user.email,
        action: 'export.pdf',
        targetType: 'consultation',
        details: { channel: 'pdf', recipient: 'download', fileName },
        clientAddress: origin.clientAddress,
      });
    },
  };
}
