import {
  SOAP_SECTIONS,
  type BulletEvidence,
  type ClinicalData,
  type LeftOutLine,
  type LeftOutReason,
  type SoapSection,
} from '#shared/schemas/clinical';
import { bulletLines } from '#shared/notes/format';

/** How each reason reads in the 'Left out' list. */
export const LEFT_OUT_REASON_LABEL: Record<LeftOutReason, string> = {
  'small-talk': 'Small talk',
  greeting: 'Greeting',
  billing: 'Billing',
  scheduling: 'Scheduling',
  question: 'Question',
};

/** The short button labels, in note order. */
export const SECTION_LETTER: Record<SoapSection, string> = {
  subjective: 'S',
  objective: 'O',
  assessment: 'A',
  plan: 'P',
};

export interface MovedLine {
  clinicalData: ClinicalData;
  evidence: BulletEvidence[];
  leftOut: LeftOutLine[];
}

/** A left-out utterance as a bullet: trimmed, capitalised, no final full stop. */
export function asBullet(text: string): string {
  const trimmed = text.trim().replace(/(?<!\.)\.$/u, '');
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}

/**
 * Moves left-out line `index` to the end of `section`: the line becomes a bullet there, keeps its transcript
 * evidence (so tapping it still shows where it was said), and leaves the list.
 */
export function moveLeftOutLine(
  notes: ClinicalData,
  evidence: readonly BulletEvidence[] | undefined,
  leftOut: readonly LeftOutLine[],
  index: number,
  section: SoapSection,
): MovedLine {
  const line = leftOut[index];
  if (!line || !SOAP_SECTIONS.includes(section)) {
    return { clinicalData: notes, evidence: [...(evidence ?? [])], leftOut: [...leftOut] };
  }
  const bullet = asBullet(line.text);
  const existing = bulletLines(notes[section]);
  const clinicalData: ClinicalData = { ...notes, [section]: [...existing, bullet].join('\n') };
  return {
    clinicalData,
    evidence: [...(evidence ?? []), { section, line: existing.length, bullet, spans: line.spans }],
    leftOut: leftOut.filter((_, i) => i !== index),
  };
}
