/**
 * The older stored notes format (chiefComplaint, history, examination, diagnosis, treatment, notes) and
 * its conversion to SOAP (spec §3). Every screen and export that shows notes goes through toSoapFormat().
 */
import type { ClinicalData, StoredClinicalData } from '../schemas/clinical';

const SOAP_FIELDS = ['subjective', 'objective', 'assessment', 'plan'] as const;

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** A record is in the new format if it has any non-empty subjective, objective, assessment or plan. */
export function isNewFormat(data: Partial<Record<string, unknown>>): boolean {
  return SOAP_FIELDS.some((field) => nonEmpty(data[field]));
}

/** 'Label: value' parts joined by a blank line, empty parts dropped. */
function labelled(parts: Array<[label: string, value: unknown]>): string {
  return parts
    .filter((part): part is [string, string] => nonEmpty(part[1]))
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n\n');
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Clinical data in the SOAP format, converting the older format on the way (spec §3):
 * subjective = 'Chief Complaint: …' + 'History: …'; objective = examination; assessment = diagnosis;
 * plan = 'Treatment: …' + 'Notes: …'; empty parts dropped. New-format records pass through unchanged.
 */
export function toSoapFormat(data: StoredClinicalData | Partial<Record<string, unknown>>): ClinicalData {
  const record = data as Partial<Record<string, unknown>>;
  const header: Partial<ClinicalData> = {};
  for (const key of [
    'consultationDate',
    'consultationTime',
    'recordingDuration',
    'clientName',
    'patientName',
    'species',
    'consultationType',
  ] as const) {
    const value = record[key];
    if (typeof value === 'string') header[key] = value;
  }
  if (isNewFormat(record)) {
    return {
      ...header,
      subjective: text(record.subjective),
      objective: text(record.objective),
      assessment: text(record.assessment),
      plan: text(record.plan),
    };
  }
  return {
    ...header,
    subjective: labelled([
      ['Chief Complaint', record.chiefComplaint],
      ['History', record.history],
    ]),
    objective: nonEmpty(record.examination) ? record.examination : '',
    assessment: nonEmpty(record.diagnosis) ? record.diagnosis : '',
    plan: labelled([
      ['Treatment', record.treatment],
      ['Notes', record.notes],
    ]),
  };
}

/** The bullets of one SOAP section: every non-empty line, without a typed bullet marker. */
export function bulletLines(section: string): string[] {
  return section
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*]\s*/u, '').trim())
    .filter((line) => line !== '');
}
