/**
 * The texts an export sends (spec section 7, 'Export content'), in English or Afrikaans. Wording lives in
 * message-templates.json so it can be corrected without touching code; this module only fills it in.
 */
import { format, isValid, parse } from 'date-fns';
import { bulletLines, toSoapFormat } from '../notes/format.js';
import type { ClinicalData, StoredClinicalData } from '../schemas/clinical.js';
import templates from './message-templates.json' with { type: 'json' };

export const EXPORT_LANGUAGES = ['en', 'af'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];
export const EXPORT_LANGUAGE_LABELS: Record<ExportLanguage, string> = { en: 'English', af: 'Afrikaans' };

/** The product label the spec sends as practiceName when the practice has not named itself. */
export const PRODUCT_LABEL = 'VeldVet';

/** At most this many plan lines go into a WhatsApp summary (spec section 7). */
export const WHATSAPP_PLAN_LINES = 3;

type Templates = typeof templates.en;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

/** Notes in SOAP form whatever format they were stored in, so old records export the same way. */
export function exportNotes(notes: ClinicalData | StoredClinicalData): ClinicalData {
  return toSoapFormat(notes);
}

/** DD/MM/YYYY: the consultation's own date when known, else today's (the export date). */
export function exportDate(notes: Pick<ClinicalData, 'consultationDate'>, now: Date): string {
  return trimmed(notes.consultationDate) || format(now, 'dd/MM/yyyy');
}

/** Spec section 7: 'Consultation Summary - {patient or Patient} - {date}'. */
export function defaultEmailSubject(notes: ClinicalData, now: Date): string {
  return `Consultation Summary - ${trimmed(notes.patientName) || 'Patient'} - ${exportDate(notes, now)}`;
}

/**
 * Spec section 7: Consultation_{patient with underscores}_{date}.pdf. The date is ISO (yyyy-MM-dd) because
 * the notes' DD/MM/YYYY slashes cannot appear in a file name; characters file systems refuse are dropped.
 */
export function pdfFileName(notes: ClinicalData, now: Date): string {
  const patient = (trimmed(notes.patientName) || 'Patient').replace(/[\\/:*?"<>|]/g, '').replace(/\s+/g, '_');
  const parsed = notes.consultationDate ? parse(notes.consultationDate.trim(), 'dd/MM/yyyy', now) : undefined;
  const day = parsed && isValid(parsed) ? parsed : now;
  return `Consultation_${patient}_${format(day, 'yyyy-MM-dd')}.pdf`;
}

function strings(language: ExportLanguage): Templates {
  return templates[language];
}

export interface MessageOptions {
  language: ExportLanguage;
  /** Signs the message; the practice's own name when configured, else the product label. */
  practiceName?: string | undefined;
  now: Date;
}

/**
 * Spec section 7: patient, date, the first line of subjective and of assessment, and at most the first
 * three plan lines. Lines with nothing to say are left out rather than sent empty.
 */
export function buildWhatsAppMessage(
  input: ClinicalData | StoredClinicalData,
  options: MessageOptions,
): string {
  const notes = exportNotes(input);
  const t = strings(options.language).whatsapp;
  const patient = trimmed(notes.patientName) || strings(options.language).fallbackPatient;
  const lines = [
    t.heading,
    fill(t.patient, { patient }),
    fill(t.date, { date: exportDate(notes, options.now) }),
  ];
  const subjective = bulletLines(notes.subjective)[0];
  if (subjective) lines.push(fill(t.subjective, { text: subjective }));
  const assessment = bulletLines(notes.assessment)[0];
  if (assessment) lines.push(fill(t.assessment, { text: assessment }));
  const plan = bulletLines(notes.plan).slice(0, WHATSAPP_PLAN_LINES);
  if (plan.length > 0) {
    lines.push('', t.planHeading, ...plan.map((text) => fill(t.planLine, { text })));
  }
  lines.push('', fill(t.signOff, { practice: trimmed(options.practiceName) || PRODUCT_LABEL }));
  return lines.join('\n');
}

/** Spec section 7: a generic client letter with patient, species, date, assessment and plan. */
export function buildEmailLetter(input: ClinicalData | StoredClinicalData, options: MessageOptions): string {
  const notes = exportNotes(input);
  const all = strings(options.language);
  const t = all.email;
  const patient = trimmed(notes.patientName) || all.fallbackPatient;
  const client = trimmed(notes.clientName);
  const section = (text: string) => {
    const bullets = bulletLines(text);
    return bullets.length > 0 ? bullets.map((line) => fill(t.bullet, { text: line })) : [t.none];
  };
  return [
    client ? fill(t.greeting, { client }) : t.greetingNoClient,
    '',
    fill(t.intro, { patient }),
    '',
    fill(t.patient, { patient }),
    fill(t.species, { species: trimmed(notes.species) || all.unknownSpecies }),
    fill(t.date, { date: exportDate(notes, options.now) }),
    '',
    t.assessmentHeading,
    ...section(notes.assessment),
    '',
    t.planHeading,
    ...section(notes.plan),
    '',
    fill(t.closing, { patient }),
    '',
    t.regards,
    fill(t.signOff, { practice: trimmed(options.practiceName) || PRODUCT_LABEL }),
  ].join('\n');
}

/** 'af' for Afrikaans consultations, English otherwise (transcript languages may be 'auto' or absent). */
export function exportLanguageOf(language: string | undefined): ExportLanguage {
  return language === 'af' ? 'af' : 'en';
}
