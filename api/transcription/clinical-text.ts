/**
 * Writes numbers and units the way a clinician reads them in notes: '39.2', '15 mg/kg', '5%'.
 * Whisper mostly writes digits already; what it gets wrong is the Afrikaans decimal comma ('39,2'),
 * spoken decimals ('39 point 2', '39 komma 2'), spelled-out units and units glued to the number.
 */

const UNIT_WORDS: Array<[RegExp, string]> = [
  [/\bmilli ?grams? (?:per|a|pe?r) (?:kilo ?grams?|kilo|kg)\b/gi, 'mg/kg'],
  [/\bmilligram per kilogram\b/gi, 'mg/kg'],
  [/\bmg (?:per|a) (?:kilo ?grams?|kilo|kg)\b/gi, 'mg/kg'],
  [/\bmikrogram per kilogram\b/gi, 'µg/kg'],
  [/\bmilli ?(?:litres?|liters?|liter)\b/gi, 'ml'],
  [/\bmilli ?grams?\b/gi, 'mg'],
];

// Units after a number only: 'kilograms' alone ('a few kilograms of feed') is left as said.
const UNIT_AFTER_NUMBER: Array<[RegExp, string]> = [
  [/(\d) ?(?:kilo ?grams?|kilogramme|kilo's|kilos|kilogram)\b/gi, '$1 kg'],
  [/(\d) ?(?:percent|per cent|persent)\b/gi, '$1%'],
];

export function normalizeClinicalText(text: string): string {
  let out = text;
  // Spoken decimals: '39 point 2', '39 komma 2', '39 punt 2' → '39.2'.
  out = out.replace(/\b(\d+) (?:point|komma|comma|punt) (\d+)\b/gi, '$1.$2');
  // Afrikaans decimal comma: '39,2' → '39.2', but not thousands ('1,500') nor lists ('3,4,5' stays ambiguous).
  out = out.replace(/(?<![\d,])(\d+),(\d{1,2})(?![\d,])/g, '$1.$2');
  for (const [pattern, replacement] of UNIT_WORDS) out = out.replace(pattern, replacement);
  for (const [pattern, replacement] of UNIT_AFTER_NUMBER) out = out.replace(pattern, replacement);
  // Units glued to the number or spaced inconsistently: '15mg/kg' → '15 mg/kg', '2.5ml' → '2.5 ml'.
  out = out.replace(/(\d)(mg\/kg|µg\/kg|mg|ml|kg|g|l)\b/g, '$1 $2');
  // 'mg / kg' → 'mg/kg'.
  out = out.replace(
    /\b(mg|µg|ml) ?\/ ?(kg|ml|l|day|dag)\b/gi,
    (_m, a: string, b: string) => `${a.toLowerCase()}/${b.toLowerCase()}`,
  );
  // 'mg/kg.' at a sentence end keeps its full stop; collapse double spaces left by replacements.
  return out.replace(/[ \t]{2,}/g, ' ').trim();
}
