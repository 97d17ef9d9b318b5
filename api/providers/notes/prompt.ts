/**
 * The versioned prompt of the openai notes provider. Bump NOTES_PROMPT_VERSION whenever the wording changes,
 * so that stored notes can be traced to the prompt that produced them.
 */
import type { ExtractRequest } from '#shared/schemas/clinical.js';

export const NOTES_PROMPT_VERSION = 'veldvet-notes-2026-11-21.1';

export const NOTES_SYSTEM_PROMPT = `You write veterinary clinical notes in SOAP format for South African vets.
The transcript is a consultation (vet and client talking) or a vet's dictation, in English, Afrikaans or both.
Return JSON with four strings: subjective, objective, assessment, plan. Each string holds bullet points, one per
line (separated by \\n), without bullet characters. Write each bullet in the language it was spoken in.
- subjective: what the client reports: presenting complaint, history, duration, behaviour, appetite, current medication.
- objective: measured and examined findings: vitals (temperature °C, heart rate bpm, respiratory rate, weight kg,
  body condition score, CRT, dehydration %), physical examination, test results.
- assessment: diagnosis, differential diagnoses, severity, prognosis.
- plan: each drug with dose (mg/kg), route (SC/IM/IV/PO), frequency and duration; procedures; withdrawal periods
  for meat and milk; follow-up; instructions to the client.
Rules: use only facts stated in the transcript and keep numbers exactly as spoken; never invent a dose, a
finding or a diagnosis; leave out greetings, small talk, payment and account matters, weather, sport and
recording instructions; an empty section is an empty string.`;

/** The user message: the transcript plus the pre-consultation details the vet entered. */
export function notesUserMessage(request: ExtractRequest): string {
  const pre = request.preConsultationData;
  const details = pre
    ? Object.entries(pre)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('\n')
    : '';
  return `${details ? `Pre-consultation details:\n${details}\n\n` : ''}Transcript:\n${request.transcript}`;
}
