/**
 * Treatments as spoken on a farm (issue 20): product, dose, route, number of animals and batch number where
 * the vet said them — 'All 120 ewes dosed with closantel 10 mg/kg orally, batch number CL2291',
 * 'Al 60 koeie kry Lumpyvax 1 ml onderhuids, lotnommer LV0923'. Nothing is invented: a part not spoken is
 * left out. Pure; linear in the sentence.
 */
import type { HerdTreatment, TreatmentRoute } from '../schemas/herd';
import { spokenNumber } from './herd-ids';
import { lexicon } from './lexicon';
import { normaliseDoses, numberWordsToDigits } from './normalise';

/** A dose: amount and unit, optionally per body weight ('1 ml per 50 kg', '10 mg/kg'). */
const DOSE =
  /(?<![\p{L}\d.])(\d+(?:\.\d+)?)\s*(mg\/kg|ml\/kg|µg\/kg|IU\/kg|mg|ml|cc|g|IU|tubes?|tablets?|tablette?)(?:\s*(?:per|\/|'n|a)\s*(\d+)\s*kg)?(?![\p{L}])/iu;
const ROUTES: Array<[RegExp, TreatmentRoute]> = [
  // Any case: a recogniser without punctuation writes 'im', 'sc'.
  [/(?<![\p{L}])(?:SC|s\/c|sub-?cut|under skin|onder vel)(?![\p{L}])/iu, 'SC'],
  [/(?<![\p{L}])IM(?![\p{L}])/iu, 'IM'],
  [/(?<![\p{L}])IV(?![\p{L}])/iu, 'IV'],
  [/(?<![\p{L}])(?:PO|drench(?:ed)?|oral|orale?|gedrenk|deur die bek)(?![\p{L}])/iu, 'PO'],
  [/(?<![\p{L}])(?:pour[- ]?on|opgiet(?:middel)?|spot[- ]?on|rugstreep)(?![\p{L}])/iu, 'pour-on'],
  [
    /(?<![\p{L}])(?:intra-?mammary|intramammêr|intramammer|in the udder|in die uier|per kwarteer|per quarter)(?![\p{L}])/iu,
    'intramammary',
  ],
  [/(?<![\p{L}])(?:intra-?nasal|in the nose|in die neus)(?![\p{L}])/iu, 'intranasal'],
  [
    /(?<![\p{L}])(?:spray(?:ed)?|gespuit|ointment|salf|topical(?:ly)?|dip(?:ped)?|gedip|footbath|voetbad)(?![\p{L}])/iu,
    'topical',
  ],
];
/** 'batch number CL2291', 'lot AB 12', 'lotnommer LV0923', 'bondelnommer 4471'. */
const BATCH =
  /(?<![\p{L}])(?:batch|lot|bondel)(?:\s*(?:number|nommer|nr\.?|no\.?)(?![\p{L}]))?\s*[:#]?\s*((?:[A-Z]{1,4}|\d{1,8})(?:[\s-]?(?:[A-Z]{1,4}|\d{1,8})){0,5})(?![\p{L}\d])/iu;
/** 'all 120 ewes', 'al 60 koeie', '35 bokke', 'the 5 lame ewes'. */
const COUNT =
  /(?<![\p{L}\d.])(?:(?:all|al|the|die|alle)\s+(?:(?:the|die)\s+)?)?(\d{1,6})\s+(?:\p{L}+\s+)?(?:ewes|ooie|sheep|skape|cows|koeie|cattle|beeste|heifers|verse|calves|kalwers|kids|lambs|lammers|goats|bokke|bokkies|steers|osse|sows|pigs|varke|animals|diere|head|koppe)(?![\p{L}])/iu;
const WHOLE_GROUP =
  /(?<![\p{L}])(?:all\s+(?:the|of\s+the)\s+\p{L}+|whole\s+(?:herd|flock|group|pen|mob)|al\s+die\s+\p{L}+|die\s+hele\s+(?:kudde|trop|klomp|groep))(?![\p{L}])/iu;
/** A treatment is given now, not discussed or planned: a verb of giving, or a dose. */
const GIVEN =
  /(?<![\p{L}])(?:gets?|got|given|give|dosed|dose|injected|treated|received?|dipped|sprayed|drenched|kry|gekry|gegee|gee|gedoseer|doseer|ingespuit|behandel|gedip|gespuit|ingeënt|vaccinated|applied)(?![\p{L}])/iu;
/** Future or conditional: a plan for later, not a treatment given on this visit. */
const LATER =
  /(?<![\p{L}])(?:next (?:week|month|time|visit)|volgende (?:week|maand|keer)|if (?:she|he|it|they)|as (?:sy|hy|dit|hulle)|should|moet (?:môre|later)|in \d+ (?:days|dae|weeks|weke))(?![\p{L}])/iu;

interface ProductHit {
  product: string;
  index: number;
  end: number;
}

function productsIn(sentence: string): ProductHit[] {
  const { drugNames, drugByName } = lexicon();
  const hits: ProductHit[] = [];
  // matchAll works on a copy of the (global) pattern, so the shared one keeps its lastIndex.
  for (const match of sentence.matchAll(drugNames)) {
    const drug = drugByName.get(match[0].toLowerCase().replace(/[\s,]+/gu, ' '));
    if (!drug) continue;
    const last = hits.at(-1);
    // 'oxytetracycline spray … long-acting oxytetracycline': one product mentioned twice in a row.
    if (last && last.product === drug.name && !DOSE.test(sentence.slice(last.end, match.index))) {
      last.end = match.index + match[0].length;
      continue;
    }
    hits.push({ product: drug.name, index: match.index, end: match.index + match[0].length });
  }
  return hits;
}

function batchIn(text: string): string | undefined {
  const match = BATCH.exec(text);
  if (!match?.[1]) return undefined;
  const batch = match[1].replace(/[\s-]+/gu, '').toUpperCase();
  // A batch number has a digit; 'batch of ewes' is not one.
  return /\d/u.test(batch) ? batch : undefined;
}

function doseIn(text: string): string | undefined {
  const match = DOSE.exec(text);
  if (!match) return undefined;
  const unit = match[2] === 'cc' ? 'ml' : (match[2] ?? '');
  return match[3] ? `${match[1]} ${unit} per ${match[3]} kg` : `${match[1]} ${unit}`;
}

function routeIn(text: string): TreatmentRoute | undefined {
  return ROUTES.find(([pattern]) => pattern.test(text))?.[1];
}

/** The sentence with number words as digits and doses and routes in canonical spelling. */
export function canonicalTreatmentText(sentence: string): string {
  // A recogniser's pause comma inside a dose ('10 mg, per kg') is not a break in it.
  const joined = sentence.replace(
    /(?<![\p{L}])(mg|ml|milligrams?|millilit(?:re|er)s?|µg|mcg|units|IU)\s*,\s*(per|a|'n)(?![\p{L}])/giu,
    '$1 $2',
  );
  const counted = joined.replace(
    /(?<![\p{L}])((?:all|al)\s+)((?:\p{L}+[\s-]+){1,6}?)(?=(?:ewes|ooie|cows|koeie|kids|bokke|verse|heifers|steers|sheep|skape|calves|kalwers|lambs|lammers|goats|animals|diere)(?![\p{L}]))/giu,
    (whole, lead: string, words: string) => {
      const value = spokenNumber(words.trim());
      return value === undefined ? whole : `${lead}${value} `;
    },
  );
  return normaliseDoses(numberWordsToDigits(counted));
}

/**
 * The treatments a sentence records, one per product. `defaultCount` is 1 for an animal's entry and the
 * group's size for 'all the ewes' without a number.
 */
export function treatmentsIn(
  sentence: string,
  options: { groupSize?: number; perAnimal: boolean },
): HerdTreatment[] {
  const text = canonicalTreatmentText(sentence);
  const hits = productsIn(text);
  if (hits.length === 0) return [];
  if (LATER.test(text)) return [];
  if (!GIVEN.test(text) && !DOSE.test(text)) return [];
  const countMatch = COUNT.exec(text);
  let count: number | undefined = options.perAnimal ? 1 : undefined;
  if (!options.perAnimal) {
    if (countMatch?.[1]) count = Number(countMatch[1]);
    else if (WHOLE_GROUP.test(text) && options.groupSize) count = options.groupSize;
  }
  const batch = batchIn(text);
  return hits.map((hit, i) => {
    // Each product's own words: from its name to the next product (dose and route follow the name).
    const own = text.slice(hit.index, hits[i + 1]?.index ?? text.length);
    const dose = doseIn(own);
    const route = routeIn(own) ?? (hits.length === 1 ? routeIn(text) : undefined);
    const treatment: HerdTreatment = { product: hit.product, source: sentence.trim() };
    if (dose) treatment.dose = dose;
    if (route) treatment.route = route;
    if (count !== undefined) treatment.animalCount = count;
    const ownBatch = batchIn(own) ?? (hits.length === 1 ? batch : undefined);
    if (ownBatch) treatment.batchNumber = ownBatch;
    return treatment;
  });
}

/**
 * An entry's treatments after the vet edited its plan: a treatment stays while the plan still names its
 * product (the split's dose, route and batch stand), one the vet deleted from the plan goes, and one the
 * vet wrote into the plan (a drug the recogniser missed) is read from the plan line. The withdrawal slip
 * is made from these, so it must follow what the plan says.
 */
export function treatmentsFollowingPlan(
  current: HerdTreatment[],
  plan: string,
  options: { groupSize?: number; perAnimal: boolean },
): HerdTreatment[] {
  const named = new Set(productsIn(canonicalTreatmentText(plan)).map((hit) => hit.product));
  const kept = current.filter((treatment) => named.has(treatment.product));
  const keptProducts = new Set(kept.map((treatment) => treatment.product));
  const written = plan
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => treatmentsIn(line, options))
    .filter((treatment) => !keptProducts.has(treatment.product));
  return [...kept, ...written];
}
