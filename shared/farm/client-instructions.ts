/**
 * The client instruction sheet (issue 20 §3): the Plan in plain words, in the client's language (af/en).
 * It never adds a drug, dose or number: each line is one Plan bullet, sorted under a plain heading ('Give',
 * 'Watch for', 'When to come back'), with only clinical shorthand spelt out (BID → twice a day / twee keer
 * per dag, SC → under the skin). Bullets for the practice only (samples sent, bloods) are left out. Every
 * line carries the index of its bullet, so it can be traced and tested. The vet edits the text before
 * sending; the bullets' own words are not translated (no model here to do it faithfully).
 */
import { lexicon } from '../notes/lexicon';
import { hasTerm } from '../notes/text';
import texts from './farm-texts.json' with { type: 'json' };
import { statedPeriodsIn } from './withdrawal';

export type InstructionLanguage = 'en' | 'af';
export const INSTRUCTION_CATEGORIES = [
  'give',
  'givenToday',
  'watch',
  'comeBack',
  'care',
  'withdrawal',
  'other',
] as const;
export type InstructionCategory = (typeof INSTRUCTION_CATEGORIES)[number];

export interface InstructionLine {
  category: InstructionCategory;
  text: string;
  /** Index of the Plan bullet (non-empty lines, in order) it was made from. */
  bullet: number;
  source: string;
}

const PRACTICE_ONLY =
  /(?<![\p{L}])(?:bloods?|samples?|submitted|sent to (?:the )?lab|lab(?:oratory)?|culture|histo\p{L}*|radiograph\p{L}*|x-?rays?|biopsy|invoice|bill\p{L}*|bloed\p{L}*|monsters?|gestuur|laboratorium|rekening)(?![\p{L}])/iu;
const COME_BACK =
  /(?<![\p{L}])(?:re-?check|follow[- ]?up|return|come back|review|revisit|book|appointment|kom terug|opvolg\p{L}*|herbesoek|afspraak|terugkom)(?![\p{L}])/iu;
const WATCH =
  /(?<![\p{L}])(?:monitor|watch|observe|look out|if (?:not|no|worse|still|any)|let op|hou dop|dophou|kyk of|as (?:dit|hy|sy) (?:erger|nie))(?![\p{L}])/iu;
const GIVEN_TODAY =
  /(?<![\p{L}])(?:given|administered|injected|today|gegee|toegedien|ingespuit|vandag|done|gedoen)(?![\p{L}])/iu;
const CARE =
  /(?<![\p{L}])(?:rest|confine|diet|feed|food|water|keep|clean|wound|bandage|cone|walk|stall|kraal|rus|voer|kos|hou|skoon|wond|verband|stap)(?![\p{L}])/iu;
const DOSE = /\d+(?:\.\d+)?\s*(?:mg\/kg|ml\/kg|mg|ml|g|IU|tablets?|tablette?|tabs?)(?![\p{L}])/iu;

function categoryOf(bullet: string): InstructionCategory | null {
  if (PRACTICE_ONLY.test(bullet)) return null;
  if (statedPeriodsIn(bullet) || hasTerm(lexicon().withdrawal, bullet)) return 'withdrawal';
  if (COME_BACK.test(bullet)) return 'comeBack';
  const isTreatment = hasTerm(lexicon().drugNames, bullet) || DOSE.test(bullet);
  if (isTreatment) return GIVEN_TODAY.test(bullet) ? 'givenToday' : 'give';
  if (WATCH.test(bullet)) return 'watch';
  if (CARE.test(bullet)) return 'care';
  return 'other';
}

/** The bullet with clinical shorthand in plain words of the language; nothing else changes. */
export function plainWords(bullet: string, language: InstructionLanguage): string {
  const words: Record<string, string> = texts.instructions[language].words;
  let out = bullet.trim().replace(/^\s*[-•*]\s*/u, '');
  for (const [short, plain] of Object.entries(words)) {
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\d/])${short.replace('/', '\\/')}(?![\\p{L}\\d])`, 'gu'),
      plain,
    );
  }
  // 'x 5 days' / 'x5d' → 'for 5 days' / 'vir 5 dae'
  out = out.replace(/(?<![\p{L}])[x×]\s*(\d+)\s*(?:d|days?|dae)(?![\p{L}])/giu, (_whole, n: string) =>
    language === 'af' ? `vir ${n} dae` : `for ${n} days`,
  );
  return out.replace(/\s+/gu, ' ').replace(/\.$/u, '');
}

export function buildClientInstructions(plan: string, language: InstructionLanguage): InstructionLine[] {
  const bullets = plan
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*]\s*/u, '').trim())
    .filter((line) => line !== '');
  const lines: InstructionLine[] = [];
  bullets.forEach((source, bullet) => {
    const category = categoryOf(source);
    if (category) lines.push({ category, text: plainWords(source, language), bullet, source });
  });
  // Sorted by heading, keeping the Plan's order within each.
  return lines.sort(
    (a, b) =>
      INSTRUCTION_CATEGORIES.indexOf(a.category) - INSTRUCTION_CATEGORIES.indexOf(b.category) ||
      a.bullet - b.bullet,
  );
}

/** The sheet as editable text: title, headings, lines and the closing line. */
export function instructionsText(
  lines: readonly InstructionLine[],
  options: {
    language: InstructionLanguage;
    patientName?: string | undefined;
    practiceName?: string | undefined;
  },
): string {
  const t = texts.instructions[options.language];
  const patient = options.patientName?.trim() || t.fallbackPatient;
  const out = [t.title.replace('{patient}', patient)];
  for (const category of INSTRUCTION_CATEGORIES) {
    const own = lines.filter((line) => line.category === category);
    if (own.length === 0) continue;
    out.push('', `${t[category]}:`, ...own.map((line) => `- ${line.text}`));
  }
  out.push('', t.closing);
  if (options.practiceName?.trim()) out.push(options.practiceName.trim());
  return out.join('\n');
}

export function instructionsFileName(patientName: string | undefined, day: string): string {
  const patient = (patientName?.trim() || 'Patient').replace(/[\\/:*?"<>|]/g, '').replace(/\s+/g, '_');
  return `Instructions_${patient}_${day}.pdf`;
}
