/**
 * Safety pass over the Plan. It never edits a bullet: it returns flags for the vet to review.
 *  - drug names are looked up in the formulary; unknown drug-like words are flagged, with the closest
 *    formulary name when the word looks misheard ('meloxicum' → meloxicam);
 *  - a drug contraindicated for the species (ibuprofen for a dog, permethrin for a cat) is flagged;
 *  - a mg/kg dose outside the formulary range for the species is flagged;
 *  - a food-animal treatment without a stated withdrawal period is flagged, offering the registered label
 *    value and its source where the formulary has one (shared/farm/withdrawal.ts computes the dates).
 */
import type { SafetyFlag, Species } from '../schemas/clinical';
import { lexicon, type Drug } from './lexicon';
import { editDistance, findTerms, hasTerm, words } from './text';

/** Endings of generic drug names; a word with one that the formulary lacks is worth a second look. */
const DRUG_LIKE =
  /^[\p{L}-]{3,}(?:cillin|mycin|micin|floxacin|oxacin|azole|dazole|profen|fenac|coxib|mectin|pril|olol|sone|solone|azepam|azolam|caine|tidine|prazole|cycline|fenicol|phenicol|zosin|tamol|opram|oxetine|setron|pramide|amide|idine|orphine|orphanol|fentanil|fentanyl|xaban|parin|sartan|dipine|statin|cortisone|thasone|metasone|vudine|conazole|vir|quinome|tiofur|oxime|zuril|ocarb|antel|endazole|isole|thrin|fipronil)$/u;

const DOSE_AFTER =
  /^\s*(?:,|\bat\b|\bteen\b|\bof\b|\bvan\b|\bla\b|\blong[- ]acting\b|\blangwerkend\b|\bvir\b|\s)*?(\d+(?:\.\d+)?)\s*(mg\/kg|µg\/kg|IU\/kg|mg|IU|ml)\b/iu;
const WORD_BEFORE_DOSE =
  /([\p{L}][\p{L}'-]{3,})(?:,?\s+(?:at|teen|of|van|la|long[- ]acting|langwerkend))*,?\s+(\d+(?:\.\d+)?)\s*(?:mg\/kg|µg\/kg|mg)\b/giu;

function matchesSpecies(drug: Drug, species: Species | undefined): [number, number] | undefined {
  if (!species) return undefined;
  return drug.doses[species];
}

/**
 * A rough sound key for English and Afrikaans spellings of drug names, so that a misheard or phonetically
 * spelt name finds its formulary entry ('oksitetrasiklien' → oxytetracycline, 'enrofloksasien' → enrofloxacin,
 * 'meloksikam' → meloxicam): one symbol per sound, vowels kept only as their first letter, doubles merged.
 */
export function phoneticKey(word: string): string {
  const key = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/[^a-z]/gu, '')
    .replace(/ph/gu, 'f')
    .replace(/x/gu, 'ks')
    .replace(/qu/gu, 'kw')
    .replace(/q/gu, 'k')
    .replace(/ck/gu, 'k')
    .replace(/c(?=[eiy])/gu, 's')
    .replace(/c/gu, 'k')
    .replace(/z/gu, 's')
    .replace(/sj|sh|sch/gu, 'S')
    .replace(/th/gu, 't')
    .replace(/w/gu, 'v')
    .replace(/(?:ie|ee|ei|ij|y)/gu, 'i')
    .replace(/(?:oe|oo|ou)/gu, 'u')
    .replace(/(?:ae|ai)/gu, 'e')
    .replace(/g(?=[eiy])/gu, 'j')
    .replace(/h/gu, '')
    .replace(/([a-zS])\1+/gu, '$1')
    .replace(/e$/u, '');
  return key;
}

interface NearestName {
  name: string;
  distance: number;
  phoneticDistance: number;
}

function nearestDrugName(word: string): NearestName | undefined {
  const lex = lexicon();
  const key = phoneticKey(word);
  let best: NearestName | undefined;
  for (const name of lex.drugByName.keys()) {
    if (Math.abs(name.length - word.length) > 5) continue;
    const distance = editDistance(word, name);
    const phoneticDistance = editDistance(key, phoneticKey(name));
    const score = Math.min(distance, phoneticDistance + 0.5);
    if (!best || score < Math.min(best.distance, best.phoneticDistance + 0.5))
      best = { name, distance, phoneticDistance };
  }
  return best;
}

/** Words that sit before a dose but are not drugs (fluids, pipettes, 'dit is'). */
const NOT_DRUGS = new Set([
  'fluids',
  'vloeistof',
  'water',
  'tube',
  'buis',
  'pipette',
  'injection',
  'inspuiting',
  'dose',
  'dosis',
  'total',
  'totaal',
  'about',
  'ongeveer',
  'approximately',
  'which',
  'that',
  "that's",
  'this',
  'dit',
  "it's",
  'dis',
  'then',
  'dan',
  'give',
  'gee',
  'given',
  'gegee',
  'with',
  'met',
  'plus',
  'and',
  'also',
  'ook',
  'weighs',
  'weeg',
  'daily',
  'twice',
  'once',
  'spier',
  'skin',
  'vel',
  'mouth',
  'mond',
  'each',
  'elke',
  'every',
  'over',
  'rate',
  'intramammary',
  'syringe',
  'spuit',
  'drip',
  'bolus',
  'tablet',
  'tablets',
  'pille',
  'pill',
  'capsule',
  'kapsule',
  'drops',
  'druppels',
  'daarna',
  'thereafter',
  'followed',
  'gevolg',
  'initially',
  'aanvanklik',
  'loading',
  'maintenance',
  'onderhoud',
  'starting',
  'begin',
  'increase',
  'verhoog',
  'decrease',
  'verlaag',
  'reduce',
  'sachet',
  'spot-on',
  'care',
  'feed',
  'liquid',
  'repeated',
  'herhaal',
  'weer',
  'again',
]);

let vocabularyWords: Set<string> | undefined;

/** Every single word the clinical vocabulary knows: such a word before a dose is not a drug name. */
function isVocabularyWord(word: string): boolean {
  if (!vocabularyWords) {
    const v = lexicon().vocabulary;
    const lists = [
      ...Object.values(v.cues).flatMap((weights) => Object.values(weights).flat()),
      ...v.discourseOpeners,
      ...v.punctuatedOpeners,
      ...v.hedges,
      ...v.fillers,
      ...v.temporalCues,
    ];
    vocabularyWords = new Set(
      lists.filter((term) => !/\s/.test(term)).map((term) => term.replace(/\*$/, '')),
    );
  }
  return vocabularyWords.has(word);
}

function isKnownDrugWord(word: string): boolean {
  const lex = lexicon();
  if (lex.drugByName.has(word)) return true;
  // Part of a multi-word name or alias ('flunixin meglumine', 'ringer's lactate').
  for (const name of lex.drugByName.keys()) if (name.split(/[\s-]+/).includes(word)) return true;
  return false;
}

/** Flags for the Plan text of a note (one bullet per line). */
export function checkPlanSafety(
  plan: string,
  species: Species | undefined,
  options: { transcript?: string } = {},
): SafetyFlag[] {
  const lex = lexicon();
  const lines = plan.split('\n');
  const flags: SafetyFlag[] = [];
  const isFoodAnimal = species !== undefined && lex.foodAnimalSpecies.has(species);
  // A withdrawal period stated anywhere (another bullet, another section, a sentence the notes left out)
  // satisfies the check for that drug, or for every drug when it names none.
  const spoken = (options.transcript ?? '').split(/(?<=[.!?])\s+|\n+/u);
  const withdrawalLines = [...lines, ...spoken].filter((line) => hasTerm(lex.withdrawal, line));
  const genericWithdrawal = withdrawalLines.some((line) => findTerms(lex.drugNames, line).length === 0);
  const flaggedWithdrawal = new Set<string>();

  lines.forEach((line, index) => {
    const at = { section: 'plan' as const, line: index };
    const occurrences = findTerms(lex.drugNames, line);
    occurrences.forEach((occurrence, k) => {
      const drug = lex.drugByName.get(occurrence.text.toLowerCase().replace(/\s+/g, ' '));
      if (!drug) return;
      const contraindication = species ? drug.contraindicated?.[species] : undefined;
      if (contraindication) {
        flags.push({
          ...at,
          kind: 'contraindicated-for-species',
          severity: 'danger',
          drug: drug.name,
          message: `${occurrence.text} for ${species}: ${contraindication}. Check that this is what was said.`,
        });
      }
      if (isFoodAnimal && drug.prohibitedInFoodAnimals) {
        flags.push({
          ...at,
          kind: 'contraindicated-for-species',
          severity: 'danger',
          drug: drug.name,
          message: `${occurrence.text} may not be used in food-producing animals (${species}).`,
        });
      }
      // The dose belongs to this drug if it follows it before the next drug name.
      const nextStart = occurrences[k + 1]?.index ?? line.length;
      const after = line.slice(occurrence.index + occurrence.text.length, nextStart);
      const dose = DOSE_AFTER.exec(after);
      const range = matchesSpecies(drug, species);
      if (dose?.[1] && dose[2] && range && drug.unit.toLowerCase() === normaliseUnit(dose[2])) {
        const value = Number(dose[1]) / (dose[2].toLowerCase() === 'µg/kg' ? 1000 : 1);
        const [min, max] = range;
        if (value < min * 0.999 || value > max * 1.001) {
          flags.push({
            ...at,
            kind: 'dose-out-of-range',
            severity: value > max * 2 || value < min / 2 ? 'danger' : 'warning',
            drug: drug.name,
            message: `${drug.name} ${dose[1]} ${dose[2]} is outside the formulary range for ${species} (${min}–${max} ${drug.unit}).`,
          });
        }
      }
      const needsWithdrawal =
        isFoodAnimal &&
        drug.foodAnimalWithdrawal === true &&
        (drug.withdrawal?.meatDays ?? 0) + (drug.withdrawal?.milkDays ?? 0) > 0;
      if (needsWithdrawal && !flaggedWithdrawal.has(drug.name)) {
        const names = [drug.name, ...drug.aliases].map((n) => n.toLowerCase());
        const stated =
          genericWithdrawal || withdrawalLines.some((l) => names.some((n) => l.toLowerCase().includes(n)));
        if (!stated) {
          flaggedWithdrawal.add(drug.name);
          flags.push({
            ...at,
            kind: 'missing-withdrawal-period',
            severity: 'warning',
            drug: drug.name,
            message: `${drug.name} given to ${species} but no withdrawal period is recorded in the plan.`,
            suggestion: withdrawalSuggestion(drug, species),
          });
        }
      }
    });

    const candidates = new Set<string>();
    for (const word of words(line)) if (DRUG_LIKE.test(word)) candidates.add(word);
    for (const match of line.matchAll(WORD_BEFORE_DOSE)) if (match[1]) candidates.add(match[1].toLowerCase());
    for (const word of candidates) {
      if (
        isKnownDrugWord(word) ||
        NOT_DRUGS.has(word) ||
        isVocabularyWord(word) ||
        lex.afrikaansHints.has(word) ||
        lex.englishHints.has(word)
      )
        continue;
      const nearest = nearestDrugName(word);
      const likely =
        nearest &&
        (nearest.distance <= Math.max(2, Math.floor(word.length * 0.25)) || nearest.phoneticDistance <= 1);
      // Farther, but still the best guess a vet would want to see ('three edits away').
      const possible =
        nearest &&
        (nearest.distance <= Math.max(3, Math.floor(word.length * 0.35)) || nearest.phoneticDistance <= 2);
      if (nearest && likely) {
        flags.push({
          ...at,
          kind: 'likely-misheard-drug',
          severity: 'warning',
          drug: word,
          message: `'${word}' is not in the formulary; did the vet say '${nearest.name}'?`,
          suggestion: nearest.name,
        });
      } else {
        flags.push({
          ...at,
          kind: 'unknown-drug',
          severity: 'warning',
          drug: word,
          message:
            nearest && possible
              ? `'${word}' is not in the formulary; check the drug name and dose (closest known: '${nearest.name}').`
              : `'${word}' is not in the formulary; check the drug name and dose.`,
          ...(nearest && possible ? { suggestion: nearest.name } : {}),
        });
      }
    }
  });
  return flags.map((flag) => (flag.suggestion === undefined ? withoutUndefined(flag) : flag));
}

/**
 * What the vet is offered for a missing withdrawal period (issue 20): the registered label value for the
 * species with its source when the formulary has one; else the typical seed value, which the slip never uses.
 */
function withdrawalSuggestion(drug: Drug, species: Species | undefined): string | undefined {
  const w = drug.withdrawal;
  if (!w) return undefined;
  const label =
    Array.isArray(w.labels) && species ? w.labels.find((l) => l.species.includes(species)) : undefined;
  if (label) {
    const milk =
      typeof label.milkDays === 'number'
        ? `milk ${label.milkDays} days`
        : label.milkDays === 'not-authorised'
          ? 'not for animals producing milk for people'
          : 'milk unknown';
    return `Registered label (${label.product}): meat ${label.meatDays} days, ${milk} — source: ${label.source}. State the period in the Plan if another product was used.`;
  }
  return `Typical values: meat ${w.meatDays} days, milk ${w.milkDays} days (no registered label value in the formulary) — enter the period from the label of the product used.`;
}

function normaliseUnit(unit: string): string {
  const lower = unit.toLowerCase();
  return lower === 'µg/kg' ? 'mg/kg' : lower;
}

function withoutUndefined(flag: SafetyFlag): SafetyFlag {
  const { suggestion: _suggestion, ...rest } = flag;
  return rest;
}

/** The species a transcript talks about, by counting species words; undefined if none. */
export function inferSpecies(transcript: string): Species | undefined {
  const lex = lexicon();
  let best: { species: Species; count: number } | undefined;
  for (const { species, pattern } of lex.speciesWords) {
    const count = findTerms(pattern, transcript).length;
    if (count > 0 && (!best || count > best.count)) best = { species, count };
  }
  return best?.species;
}
