/**
 * The pre-filled report to the state veterinarian for a suspected controlled or notifiable disease
 * (issue 20 §4). The vet completes location and numbers, then copies or e-mails it.
 */
import { bulletLines } from '../notes/format';
import type { ClinicalData } from '../schemas/clinical';
import texts from './farm-texts.json' with { type: 'json' };
import { DISEASES_ACT, type NotifiableSummary } from './notifiable';

export type ReportLanguage = 'en' | 'af';

export function reminderText(language: ReportLanguage): string {
  return texts.report[language].reminder.replace('{act}', DISEASES_ACT());
}

export function ruledOutText(language: ReportLanguage): string {
  return texts.report[language].ruledOut;
}

export function stateVetReport(
  notes: ClinicalData,
  diseases: readonly NotifiableSummary[],
  options: {
    language: ReportLanguage;
    practiceName?: string | undefined;
    date: string;
    animals?: string | undefined;
  },
): { subject: string; body: string } {
  const t = texts.report[options.language];
  const names = diseases.map((d) => (options.language === 'af' ? d.disease.af : d.disease.en)).join(', ');
  const list = (section: string) => {
    const bullets = bulletLines(section);
    return bullets.length ? bullets.map((line) => `- ${line}`).join('\n') : t.none;
  };
  const values: Record<string, string> = {
    act: DISEASES_ACT(),
    diseases: names,
    date: options.date,
    client: notes.clientName?.trim() || '',
    species: notes.species?.trim() || '',
    animals: options.animals?.trim() || notes.patientName?.trim() || '',
    findings: list(notes.objective),
    assessment: list(notes.assessment),
    plan: list(notes.plan),
    practice: options.practiceName?.trim() || '',
  };
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  return { subject: fill(t.subject), body: t.lines.map(fill).join('\n') };
}
