import type { ClinicalData } from '#shared/schemas/clinical';
import type {
  SendEmailRequest,
  SendEmailResponse,
  SendWhatsAppRequest,
  SendWhatsAppResponse,
} from '#shared/schemas/export';
import { PRODUCT_LABEL } from '#shared/export/messages';
import { apiJson, apiRequest } from '../../lib/api';

/** Spec section 7: 'The practice name sent in the export calls is a fixed product label.' */
export function whatsappConsultationData(notes: ClinicalData): SendWhatsAppRequest['consultationData'] {
  return {
    clientName: notes.clientName,
    patientName: notes.patientName,
    species: notes.species,
    consultationDate: notes.consultationDate,
    consultationTime: notes.consultationTime,
    subjective: notes.subjective,
    assessment: notes.assessment,
    plan: notes.plan,
    practiceName: PRODUCT_LABEL,
  };
}

export function emailConsultationData(notes: ClinicalData): SendEmailRequest['consultationData'] {
  return {
    clientName: notes.clientName,
    patientName: notes.patientName,
    species: notes.species,
    consultationType: notes.consultationType,
    consultationDate: notes.consultationDate,
    consultationTime: notes.consultationTime,
    recordingDuration: notes.recordingDuration,
    subjective: notes.subjective,
    objective: notes.objective,
    assessment: notes.assessment,
    plan: notes.plan,
    practiceName: PRODUCT_LABEL,
  };
}

export const sendWhatsApp = (request: SendWhatsAppRequest) =>
  apiJson<SendWhatsAppResponse>('POST', '/api/send-whatsapp', request);

export const sendEmail = (request: SendEmailRequest) =>
  apiJson<SendEmailResponse>('POST', '/api/send-email', request);

/** For the audit log only: a failure here must never spoil a download that worked. */
export function reportPdfDownload(fileName: string, patientName: string | undefined): void {
  apiRequest('POST', '/api/exports/pdf', { fileName, ...(patientName ? { patientName } : {}) }).catch(
    () => undefined,
  );
}
