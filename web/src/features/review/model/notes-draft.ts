import {
  SOAP_SECTIONS,
  type ClinicalData,
  type SoapSection,
  type StoredClinicalData,
} from '#shared/schemas/clinical';
import { bulletLines, toSoapFormat } from '#shared/notes/format';

/** The four sections with their spec titles and helper descriptions (spec section 2, 'Clinical notes screen'). */
export const SECTION_INFO: Record<SoapSection, { title: string; helper: string }> = {
  subjective: {
    title: 'SUBJECTIVE (S)',
    helper: 'What the client tells you (chief complaint, history, behaviour, symptom duration)',
  },
  objective: { title: 'OBJECTIVE (O)', helper: 'Measurable findings (vitals, physical exam, diagnostics)' },
  assessment: { title: 'ASSESSMENT (A)', helper: 'Diagnosis, differentials, severity, prognosis' },
  plan: { title: 'PLAN (P)', helper: 'Medications with dosages, procedures, follow-up, client education' },
};

export const NOTES_PLACEHOLDER = 'Enter bullet points, one item per line';

export type SoapDraft = Record<SoapSection, string>;

/** One displayed bullet and where it sits: its index among the bullets and its line in the raw text. */
export interface Bullet {
  text: string;
  index: number;
  rawLine: number;
}

/** Every non-empty line is a bullet; the raw line number is kept because safety flags point at raw lines. */
export function bulletsOf(sectionText: string): Bullet[] {
  const bullets: Bullet[] = [];
  sectionText.split('\n').forEach((line, rawLine) => {
    const [text] = bulletLines(line);
    if (text !== undefined) bullets.push({ text, index: bullets.length, rawLine });
  });
  return bullets;
}

/** Notes in either stored format, as the SOAP notes the screen shows (older format converted, spec section 3). */
export function displayNotes(data: ClinicalData | StoredClinicalData | undefined): ClinicalData | null {
  return data ? toSoapFormat(data) : null;
}

/** Edit Notes copies the current notes into a draft (spec section 4). */
export function startDraft(notes: ClinicalData): SoapDraft {
  return {
    subjective: notes.subjective,
    objective: notes.objective,
    assessment: notes.assessment,
    plan: notes.plan,
  };
}

export function isDraftDirty(notes: ClinicalData, draft: SoapDraft): boolean {
  return SOAP_SECTIONS.some(
    (section) => normaliseSection(draft[section]) !== normaliseSection(notes[section]),
  );
}

/** Trailing spaces and blank lines do not change the bullets, so they do not count as an edit. */
function normaliseSection(text: string): string {
  return bulletLines(text).join('\n');
}

/**
 * The notes after Save Changes: header fields (date, patient…) kept, sections from the draft with blank
 * lines and stray whitespace removed, so what is saved is exactly the bullets shown.
 */
export function applyDraft(notes: ClinicalData, draft: SoapDraft): ClinicalData {
  const next: ClinicalData = { ...notes };
  for (const section of SOAP_SECTIONS) {
    next[section] = draft[section]
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .join('\n');
  }
  return next;
}

/** A stable fingerprint of notes + transcript: equal fingerprints mean nothing new to save to the server. */
export function notesFingerprint(notes: ClinicalData, transcript: string | undefined): string {
  return JSON.stringify([SOAP_SECTIONS.map((section) => notes[section]), transcript ?? '']);
}
