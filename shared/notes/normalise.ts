/**
 * Normalisation of numbers, doses, routes, frequencies and vital signs, in English and Afrikaans.
 * Clinical meaning is never changed: only the spelling of quantities becomes canonical
 * (decimal point, digits, mg/kg, SC/IM/IV/PO, SID/BID/TID/QID, °C, bpm).
 */

export type Language = 'en' | 'af';

// prettier-ignore
const UNITS: Record<string, number> = {
  zero: 0, nought: 0, nil: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
  nul: 0, een: 1, 'één': 1, twee: 2, drie: 3, vier: 4, vyf: 5, ses: 6, sewe: 7, agt: 8, ag: 8, nege: 9, tien: 10,
  elf: 11, twaalf: 12, dertien: 13, veertien: 14, vyftien: 15, sestien: 16, sewentien: 17, agttien: 18,
  negentien: 19,
};
// prettier-ignore
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  twintig: 20, dertig: 30, veertig: 40, vyftig: 50, sestig: 60, sewentig: 70, tagtig: 80, negentig: 90,
};
const HUNDRED = new Set(['hundred', 'honderd']);
const DECIMAL_POINT = new Set(['point', 'komma', 'punt']);
const JOINERS = new Set(['and', 'en', '-']);

const NUMBER_WORD = [
  ...Object.keys(UNITS),
  ...Object.keys(TENS),
  ...HUNDRED,
  ...DECIMAL_POINT,
  'and',
  'en',
  'a',
]
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Splits Afrikaans compounds like 'vyfentwintig' / 'vyf-en-twintig' into parts. */
function splitCompound(word: string): string[] {
  const compound = /^(\p{L}+?)-?en-?(twintig|dertig|veertig|vyftig|sestig|sewentig|tagtig|negentig)$/u.exec(
    word,
  );
  if (compound?.[1] && compound[2] && UNITS[compound[1]] !== undefined) return [compound[2], compound[1]];
  return word.split('-').filter(Boolean);
}

/** Parses a phrase of number words ('twelve point five', 'vyf-en-twintig', 'one hundred and fifty'); undefined if not a number. */
export function parseNumberWords(phrase: string): number | undefined {
  const tokens = phrase
    .toLowerCase()
    .split(/[\s]+/)
    .flatMap(splitCompound)
    .filter((token) => token !== '');
  let whole = 0;
  let current = 0;
  let seenNumber = false;
  let decimals = '';
  let inDecimals = false;
  for (const token of tokens) {
    if (DECIMAL_POINT.has(token)) {
      if (inDecimals) return undefined;
      inDecimals = true;
      continue;
    }
    if (JOINERS.has(token) || token === 'a') continue;
    const unit = UNITS[token];
    const ten = TENS[token];
    if (inDecimals) {
      if (unit === undefined || unit > 9) return undefined;
      decimals += String(unit);
      continue;
    }
    if (unit !== undefined) current += unit;
    else if (ten !== undefined) current += ten;
    else if (HUNDRED.has(token)) current = (current || 1) * 100;
    else return undefined;
    seenNumber = true;
  }
  if (!seenNumber) return undefined;
  whole += current;
  return decimals ? Number(`${whole}.${decimals}`) : whole;
}

const UNIT_AFTER_NUMBER = String.raw`(?:mg|milligrams?|milligramme|ml|millilit(?:re|er)s?|mls|kg|kilograms?|kilos?|kilogramme|units?|eenhede|iu|%|percent|persent|degrees?|grade|litres?|liters?|liter|g|grams?|gram|cm|centimet(?:re|er)s?|sentimeter|beats|slae|breaths|asemhalings|days?|dae|dag|weeks?|weke|hours?|ure|uur|months?|maande|years?|jaar|times|keer)`;

// Bounded repetitions keep this linear in the transcript: unbounded, a long run of number words (or of
// 'en' inside one word) made every start scan to the run's end. No spoken number needs more than 12 words,
// and Afrikaans compounds ('vyf-en-twintig') have at most five letters either side of 'en'.
const NUMBER_PHRASE = new RegExp(
  String.raw`(?<![\p{L}\d])((?:(?:${NUMBER_WORD})(?:[\s-]+|(?=\s))){0,12}?(?:${NUMBER_WORD}|\p{L}{1,10}-?en-?\p{L}{1,10}tig))(?=\s+${UNIT_AFTER_NUMBER}(?![\p{L}]))`,
  'giu',
);

// A vital sign named, then its value without a unit: 'his temperature is thirty-eight point six', 'hartspoed van
// honderd-en-tien', a reading asked for and given in one breath ('temperature please forty-one point six'). Only a value a reading could be (ten or more, or with a decimal point): 'temperature is a bit up'
// and 'weight is one thing' stay words.
const NUMBER_AFTER_VITAL = new RegExp(
  String.raw`(?<=(?<![\p{L}])(?:rectal temperature|temperature|temp|temperatuur|heart rate|hartspoed|hartklop|pulse|polsslag|respiratory rate|resp rate|breathing rate|asemhalingstempo|weight|gewig|weighs|weeg)(?:\s*(?:is|was|of|van|at|op|now|nou|still|steeds|nog|please|asseblief|:))*\s+)((?:(?:${NUMBER_WORD})(?:[\s-]+|(?=\s))){0,12}(?:${NUMBER_WORD}|\p{L}{1,10}-?en-?\p{L}{1,10}tig))(?![\p{L}\d-])`,
  'giu',
);

/**
 * A number phrase's value as digits, or the phrase unchanged when it is no number ('a', 'and'); joiners it ends
 * on stay words ('a hundred and ten and' → '110 and').
 */
function digitsOf(phrase: string, accept: (value: number, phrase: string) => boolean = () => true): string {
  const [, number = phrase, trailing = ''] = /^(.*?)((?:[\s-]+(?:and|en|a))*)$/isu.exec(phrase) ?? [];
  const value = parseNumberWords(number.trim());
  return value === undefined || /^(?:a|and|en)$/i.test(number.trim()) || !accept(value, number)
    ? phrase
    : `${value}${trailing}`;
}

// A score read as 'X out of Y' in words ('body condition two out of five', 'kondisie drie uit vyf'): both numbers
// become digits, as a vet writes a score (2/5 is then read as one). Not the last word of a longer number ('twee
// komma sewe vyf uit vyf' is 2.75, left to the number reader).
const SCORE_WORDS = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien)`;
const SCORE_OUT_OF = new RegExp(
  String.raw`(?<![\p{L}\d-])(?<!(?:${NUMBER_WORD}|komma|point|punt|comma)[\s-]+)(${SCORE_WORDS}(?:\s+(?:and\s+a\s+half|en\s+'n\s+half))?|\d(?:[.,]5)?)\s+(out\s+of|uit)\s+(${SCORE_WORDS}|\d)(?![\p{L}\d-])`,
  'giu',
);
const HALF = /\s+(?:and\s+a\s+half|en\s+'n\s+half)$/iu;
const scoreValue = (phrase: string): string => {
  if (/^\d/u.test(phrase)) return phrase;
  const half = HALF.test(phrase);
  const value = parseNumberWords(phrase.replace(HALF, ''));
  return value === undefined ? phrase : `${value}${half ? '.5' : ''}`;
};

const READING = (value: number, phrase: string) => value >= 10 || /(?:point|komma|punt)/iu.test(phrase);

/**
 * Number words directly before a unit become digits ('twelve point five mg' → '12.5 mg'), and so do those of a
 * vital sign's reading ('temperature is thirty-eight point six' → 'temperature is 38.6').
 */
export function numberWordsToDigits(text: string): string {
  return text
    .replace(NUMBER_PHRASE, (phrase: string) => digitsOf(phrase))
    .replace(NUMBER_AFTER_VITAL, (phrase: string) => digitsOf(phrase, READING))
    .replace(
      SCORE_OUT_OF,
      (whole: string, score: string, outOf: string, scale: string) =>
        `${scoreValue(score)} ${outOf} ${scoreValue(scale)}`,
    );
}

const REPLACEMENTS: Array<[RegExp, string]> = [
  // Decimal commas: 38,6 → 38.6 (Afrikaans and South African English both use them).
  [/(\d),(\d)/g, '$1.$2'],
  // Dose units.
  [/\b(?:milligrams?|milligramme|mg)\s*(?:per|\/|a|'n)\s*(?:kilograms?|kilogramme|kilos?|kg)\b/gi, 'mg/kg'],
  [/\b(?:micrograms?|mikrogram|mcg|µg)\s*(?:per|\/)\s*(?:kilograms?|kilos?|kg)\b/gi, 'µg/kg'],
  [/\b(?:units|eenhede|IU)\s*(?:per|\/)\s*(?:kilograms?|kilos?|kg)\b/gi, 'IU/kg'],
  [/\b(?:ml|millilit(?:re|er)s?)\s*(?:per|\/)\s*(?:kilograms?|kilos?|kg)\b/gi, 'ml/kg'],
  [/(\d)\s*(?:millilit(?:re|er)s?|mls)\b/gi, '$1 ml'],
  [/(\d)\s*(?:milligrams?|milligramme)\b/gi, '$1 mg'],
  [/(\d)\s*(?:kilograms?|kilogramme|kilos|kilo)\b/gi, '$1 kg'],
  [/(\d)\s*(?:units|eenhede)\b/gi, '$1 IU'],
  [/(\d)\s*(?:percent|persent)\b/gi, '$1%'],
  [/(\d)\s*(?:degrees|grade)(?:\s*(?:celsius|celcius))?\b/gi, '$1 °C'],
  [/(\d)\s*(?:beats per minute|beats a minute|beats\/min|slae per minuut|slae 'n minuut)/gi, '$1 bpm'],
  [/(\d)\s*(?:breaths per minute|breaths a minute|asemhalings per minuut)/gi, '$1 breaths/min'],
  // Routes.
  [/\b(?:subcutaneous(?:ly)?|subcut|under the skin|onder die vel|onderhuids)\b/gi, 'SC'],
  [/\b(?:intramuscular(?:ly)?|into the muscle|in the muscle|in die spier)\b/gi, 'IM'],
  [/\b(?:intravenous(?:ly)?|into the vein|in the vein|in die aar|binneaars)\b/gi, 'IV'],
  [/(?<!\bnil )\b(?:by mouth|per os|orally|deur die mond|per mond)\b/gi, 'PO'],
  // Frequencies (number words are digits by now: 'twee keer' arrives as '2 keer').
  [
    /\b(?:once a day|once daily|once per day|(?:1|een) keer per dag|(?:1|een) keer 'n dag|eenkeer per dag|eenmaal daagliks)\b/gi,
    'SID',
  ],
  [
    /\b(?:twice a day|twice daily|twice per day|2 times a day|2 times daily|2 keer per dag|2 keer 'n dag|tweemaal daagliks)\b/gi,
    'BID',
  ],
  [/\b(?:3 times a day|3 times daily|3 keer per dag|3 keer 'n dag|driemaal daagliks)\b/gi, 'TID'],
  [/\b(?:4 times a day|4 times daily|4 keer per dag|4 keer 'n dag|viermaal daagliks)\b/gi, 'QID'],
  [/\b(?:every|elke)\s+(\d{1,2})\s*(?:hours|hrs|uur|ure)\b/gi, 'q$1h'],
];

/** Canonical spelling of doses, routes and frequencies in a sentence; clinical content unchanged. */
export function normaliseDoses(text: string): string {
  let out = numberWordsToDigits(text);
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}

export type VitalKind =
  | 'temperature'
  | 'heartRate'
  | 'respiratoryRate'
  | 'weight'
  | 'bodyCondition'
  | 'crt'
  | 'dehydration'
  | 'famacha';

export interface Vital {
  kind: VitalKind;
  /** Canonical bullet text, e.g. 'Temperature: 39.4 °C' or 'Hartklop: 90 slae/min'. */
  text: string;
  /** Offsets of the whole match inside the searched sentence. */
  start: number;
  end: number;
}

const NUM = String.raw`(\d{1,4}(?:[.,]\d{1,3})?)`;
const GAP = String.raw`[^\d\n.!?]{0,28}?`;

interface VitalRule {
  kind: VitalKind;
  pattern: RegExp;
  format: (match: RegExpExecArray, language: Language) => string | undefined;
}

const decimal = (value: string | undefined): string => (value ?? '').replace(',', '.');
const inRange = (value: string | undefined, min: number, max: number): boolean => {
  const n = Number(decimal(value));
  return Number.isFinite(n) && n >= min && n <= max;
};

const VITAL_RULES: VitalRule[] = [
  {
    kind: 'temperature',
    pattern: new RegExp(
      String.raw`\b(?:rectal )?(?:temperature|temperatuur|temp)\b${GAP}${NUM}(?:\s*(?:°\s*c|degrees?(?: celsius)?|grade(?: celsius)?|deg)\b)?`,
      'iu',
    ),
    format: (m, language) =>
      inRange(m[1], 30, 45)
        ? `${language === 'af' ? 'Temperatuur' : 'Temperature'}: ${decimal(m[1])} °C`
        : undefined,
  },
  {
    kind: 'heartRate',
    pattern: new RegExp(
      String.raw`\b(?:heart ?rate|hartklop|hartspoed|pulse(?: rate)?|pols|HR)\b${GAP}${NUM}(?:\s*(?:beats per minute|beats a minute|bpm|slae per minuut|slae 'n minuut|per minute|per minuut|\/min))?`,
      'iu',
    ),
    format: (m, language) =>
      inRange(m[1], 10, 400)
        ? language === 'af'
          ? `Hartklop: ${m[1]} slae/min`
          : `Heart rate: ${m[1]} bpm`
        : undefined,
  },
  {
    kind: 'respiratoryRate',
    pattern: new RegExp(
      String.raw`\b(?:respiratory rate|respiration rate|respiration|resp(?:iratory)?|breathing rate|breathing|asemhaling(?:stempo)?|respirasie|RR)\b${GAP}${NUM}(?:\s*(?:breaths per minute|breaths a minute|breaths\/min|brpm|asemhalings per minuut|per minute|per minuut|\/min))?`,
      'iu',
    ),
    format: (m, language) =>
      inRange(m[1], 4, 250)
        ? language === 'af'
          ? `Asemhaling: ${m[1]} /min`
          : `Respiratory rate: ${m[1]} breaths/min`
        : undefined,
  },
  {
    kind: 'weight',
    pattern: new RegExp(
      String.raw`\b(?:weighs|weight|weighing|weeg|gewig|(?:s?he|it)'s|(?:s?he|it) is|(?:hy|sy|dit) is)\b${GAP}${NUM}\s*(kg|kilograms?|kilos?|kilogram|g|grams?|gramme?s?)\b`,
      'iu',
    ),
    // Birds, rodents, rabbits and neonates are weighed in grams.
    format: (m, language) => {
      const label = language === 'af' ? 'Gewig' : 'Weight';
      if (/^g/iu.test(m[2] ?? ''))
        return inRange(m[1], 1, 99_999) ? `${label}: ${decimal(m[1])} g` : undefined;
      return inRange(m[1], 0.01, 1500) ? `${label}: ${decimal(m[1])} kg` : undefined;
    },
  },
  {
    kind: 'bodyCondition',
    pattern: new RegExp(
      String.raw`\b(?:body condition(?: score)?|condition score|liggaamskondisie(?:telling)?|kondisietelling|BCS)\b[^\d\n!?]{0,30}?${NUM}\s*(?:out of|uit|\/|op)\s*(\d)\b`,
      'iu',
    ),
    format: (m, language) =>
      `${language === 'af' ? 'Liggaamskondisie' : 'Body condition score'}: ${decimal(m[1])}/${m[2] ?? ''}`,
  },
  {
    kind: 'crt',
    pattern: new RegExp(
      String.raw`\b(?:capillary refill(?: time)?|CRT|kapillêre hervul\p{L}*)\b${GAP}((?:under|less than|below|minder as|onder|<)\s*)?${NUM}\s*(?:seconds?|sekondes?|secs?|s)\b`,
      'iu',
    ),
    format: (m) => `CRT: ${m[1] ? '< ' : ''}${decimal(m[2])} s`,
  },
  {
    kind: 'dehydration',
    pattern: new RegExp(
      String.raw`${NUM}\s*(?:%|percent|persent)\s*(?:dehydrated|dehydration|gedehidreer|dehidrasie|dehidreer)|\b(?:dehydrat\p{L}*|dehidras\p{L}*|dehidreer\p{L}*)\b${GAP}${NUM}\s*(?:%|percent|persent)`,
      'iu',
    ),
    format: (m, language) => `${language === 'af' ? 'Dehidrasie' : 'Dehydration'}: ${decimal(m[1] ?? m[2])}%`,
  },
  {
    kind: 'famacha',
    pattern: new RegExp(String.raw`\bFAMACHA(?:[- ]?(?:score|telling))?\b${GAP}(\d)\b`, 'iu'),
    format: (m) => `FAMACHA: ${m[1]}`,
  },
];

/** Vital signs stated in a sentence, each with its canonical bullet text and position. */
export function extractVitals(sentence: string, language: Language): Vital[] {
  const vitals: Vital[] = [];
  for (const rule of VITAL_RULES) {
    const match = rule.pattern.exec(sentence);
    if (!match) continue;
    const text = rule.format(match, language);
    if (text === undefined) continue;
    const start = match.index;
    const end = start + match[0].length;
    // One fact per stretch of text: 'temperature' inside 'heart rate' spans cannot both claim it.
    if (vitals.some((v) => start < v.end && end > v.start)) continue;
    vitals.push({ kind: rule.kind, text, start, end });
  }
  return vitals.sort((a, b) => a.start - b.start);
}
