/**
 * Controlled and notifiable diseases (issue 20 §4): finds mentions in the notes, in English and Afrikaans,
 * so the review can remind the vet of the duty to report to the state veterinarian under the Animal
 * Diseases Act, and pre-fills the report. The disease list is data (notifiable-diseases.json).
 *
 * Negation: a mention the notes rule out ('no sign of rabies') still reminds, marked 'ruled-out' and shown
 * quietly. The duty covers suspicion; a vet names a notifiable disease only when it was on the list of
 * differentials; a recogniser can drop or add a 'no'; and missing a report costs far more than a glance.
 * A double negative ('cannot rule out anthrax', 'kan nie miltsiekte uitsluit nie') is a suspicion.
 * A vaccination ('rabies vaccine given', 'ingeënt teen knopvelsiekte') is routine and does not remind.
 */
import { z } from 'zod';
import { SOAP_SECTIONS, type ClinicalData, type SoapSection } from '../schemas/clinical';
import { compileTerms, findTerms } from '../notes/text';
import data from './notifiable-diseases.json' with { type: 'json' };

const byLanguage = z.object({ en: z.array(z.string()), af: z.array(z.string()) });
const DiseaseSchema = z.object({
  id: z.string(),
  en: z.string(),
  af: z.string(),
  species: z.array(z.string()),
  names: byLanguage,
});
const ListSchema = z.object({
  act: z.string(),
  vaccinationWords: byLanguage,
  negationWords: byLanguage,
  doubleNegations: byLanguage,
  diseases: z.array(DiseaseSchema).min(1),
});
export type NotifiableDisease = z.infer<typeof DiseaseSchema>;

interface Compiled {
  act: string;
  diseases: Array<{ disease: NotifiableDisease; pattern: RegExp; upper: RegExp }>;
  vaccination: RegExp;
  negation: RegExp;
  doubleNegation: RegExp;
}

let compiled: Compiled | undefined;

const both = (words: { en: string[]; af: string[] }) => [...words.en, ...words.af];
/** Abbreviations (FMD, LSD, TB) match in capitals only: 'lsd' or 'ppr' in lower case is not a disease. */
const isAbbreviation = (name: string) => /^[A-Z0-9]{2,5}$/u.test(name);

function list(): Compiled {
  if (!compiled) {
    const parsed = ListSchema.parse(data);
    compiled = {
      act: parsed.act,
      diseases: parsed.diseases.map((disease) => {
        const names = both(disease.names);
        const abbreviations = names.filter(isAbbreviation);
        return {
          disease,
          pattern: compileTerms(names.filter((name) => !isAbbreviation(name))),
          upper: abbreviations.length
            ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${abbreviations.join('|')})(?![\\p{L}\\p{N}])`, 'gu')
            : /(?!)/gu,
        };
      }),
      vaccination: compileTerms(both(parsed.vaccinationWords)),
      negation: compileTerms(both(parsed.negationWords)),
      doubleNegation: compileTerms(both(parsed.doubleNegations)),
    };
  }
  return compiled;
}

export function notifiableDiseases(): NotifiableDisease[] {
  return list().diseases.map((entry) => entry.disease);
}

export const DISEASES_ACT = (): string => list().act;

export type MentionStatus = 'suspected' | 'ruled-out';

export interface NotifiableMention {
  disease: NotifiableDisease;
  /** The words as written ('miltsiekte'). */
  term: string;
  status: MentionStatus;
  section: SoapSection;
  line: number;
  /** The bullet it is in. */
  text: string;
}

/** A clause: the words around a mention up to a sentence end, semicolon or 'but'/'maar'. */
function clauseAround(text: string, index: number, length: number): { before: string; clause: string } {
  const boundary = /[.;!?]|\b(?:but|maar|however|egter)\b/giu;
  let start = 0;
  let end = text.length;
  for (const match of text.matchAll(boundary)) {
    if (match.index + match[0].length <= index) start = match.index + match[0].length;
    else if (match.index >= index + length) {
      end = match.index;
      break;
    }
  }
  return { before: text.slice(start, index), clause: text.slice(start, end) };
}

/** Mentions in one line of text. */
export function mentionsIn(text: string): Array<Omit<NotifiableMention, 'section' | 'line' | 'text'>> {
  const { diseases, vaccination, negation, doubleNegation } = list();
  const out: Array<Omit<NotifiableMention, 'section' | 'line' | 'text'>> = [];
  for (const { disease, pattern, upper } of diseases) {
    const hits = [...findTerms(pattern, text), ...findTerms(upper, text)];
    for (const hit of hits) {
      const { before, clause } = clauseAround(text, hit.index, hit.text.length);
      if (findTerms(vaccination, clause).length > 0) continue;
      // Afrikaans wraps the disease in its double negative ('kan nie miltsiekte uitsluit nie').
      const around = clause.replace(hit.text, ' ').replace(/\s+/gu, ' ');
      const suspected = findTerms(doubleNegation, around).length > 0;
      const negated = !suspected && findTerms(negation, before).length > 0;
      const status: MentionStatus = negated ? 'ruled-out' : 'suspected';
      // 'TB reactors' matches as a phrase and as 'TB': one mention.
      if (!out.some((m) => m.disease.id === disease.id && m.status === status))
        out.push({ disease, term: hit.text, status });
    }
  }
  return out;
}

/** Every mention in the notes' four sections, one per disease per bullet. */
export function findNotifiable(notes: Pick<ClinicalData, SoapSection>): NotifiableMention[] {
  const out: NotifiableMention[] = [];
  for (const section of SOAP_SECTIONS) {
    (notes[section] ?? '').split('\n').forEach((raw, line) => {
      const text = raw.replace(/^\s*[-•*]\s*/u, '').trim();
      if (!text) return;
      const seen = new Set<string>();
      for (const mention of mentionsIn(text)) {
        const key = `${mention.disease.id}|${mention.status}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ ...mention, section, line, text });
      }
    });
  }
  return out;
}

export interface NotifiableSummary {
  disease: NotifiableDisease;
  /** Suspected if any mention is; ruled-out only when every mention rules it out. */
  status: MentionStatus;
  mentions: NotifiableMention[];
}

/** One entry per disease, suspected ones first. */
export function summariseNotifiable(mentions: readonly NotifiableMention[]): NotifiableSummary[] {
  const byDisease = new Map<string, NotifiableSummary>();
  for (const mention of mentions) {
    const entry = byDisease.get(mention.disease.id) ?? {
      disease: mention.disease,
      status: 'ruled-out',
      mentions: [],
    };
    entry.mentions.push(mention);
    if (mention.status === 'suspected') entry.status = 'suspected';
    byDisease.set(mention.disease.id, entry);
  }
  return [...byDisease.values()].sort(
    (a, b) => Number(a.status === 'ruled-out') - Number(b.status === 'ruled-out'),
  );
}
