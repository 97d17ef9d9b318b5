/**
 * The display summary derived from clinical data (spec §3: "its internal structure is not shown"). It is
 * what lists, sidebars and the WhatsApp export show: who, when, the presenting complaint, the assessment,
 * and the first plan lines.
 */
import type { ClinicalData, StoredClinicalData } from '../schemas/clinical';
import { bulletLines, toSoapFormat } from './format';

export interface NotesSummary {
  /** 'Max (Dogs)', 'Max', or 'Patient' when nothing is known. */
  title: string;
  clientName?: string;
  consultationType?: string;
  /** 'DD/MM/YYYY HH:MM' as far as known. */
  when?: string;
  duration?: string;
  /** First Subjective line. */
  complaint?: string;
  /** First Assessment line. */
  assessment?: string;
  /** At most the first three Plan lines (the WhatsApp export's limit, spec §7). */
  plan: string[];
  /** Bullet counts per section, for badges. */
  counts: Record<'subjective' | 'objective' | 'assessment' | 'plan', number>;
  isEmpty: boolean;
}

export const SUMMARY_PLAN_LINES = 3;

export function summariseNotes(data: ClinicalData | StoredClinicalData): NotesSummary {
  const notes = toSoapFormat(data);
  const lines = {
    subjective: bulletLines(notes.subjective),
    objective: bulletLines(notes.objective),
    assessment: bulletLines(notes.assessment),
    plan: bulletLines(notes.plan),
  };
  const patient = notes.patientName?.trim() || 'Patient';
  const species = notes.species?.trim();
  const when = [notes.consultationDate, notes.consultationTime].filter((v) => v && v.trim()).join(' ');
  const summary: NotesSummary = {
    title: species ? `${patient} (${species})` : patient,
    plan: lines.plan.slice(0, SUMMARY_PLAN_LINES),
    counts: {
      subjective: lines.subjective.length,
      objective: lines.objective.length,
      assessment: lines.assessment.length,
      plan: lines.plan.length,
    },
    isEmpty: Object.values(lines).every((l) => l.length === 0),
  };
  if (notes.clientName?.trim()) summary.clientName = notes.clientName.trim();
  if (notes.consultationType?.trim()) summary.consultationType = notes.consultationType.trim();
  if (when) summary.when = when;
  if (notes.recordingDuration?.trim()) summary.duration = notes.recordingDuration.trim();
  if (lines.subjective[0]) summary.complaint = lines.subjective[0];
  if (lines.assessment[0]) summary.assessment = lines.assessment[0];
  return summary;
}

/** Plain-text rendering of notes with section headings, as used in e-mail and clipboard exports. */
export function notesAsText(data: ClinicalData | StoredClinicalData): string {
  const notes = toSoapFormat(data);
  const sections: Array<[string, string]> = [
    ['SUBJECTIVE (S)', notes.subjective],
    ['OBJECTIVE (O)', notes.objective],
    ['ASSESSMENT (A)', notes.assessment],
    ['PLAN (P)', notes.plan],
  ];
  return sections
    .filter(([, body]) => body.trim() !== '')
    .map(
      ([heading, body]) =>
        `${heading}\n${bulletLines(body)
          .map((line) => `- ${line}`)
          .join('\n')}`,
    )
    .join('\n\n');
}
