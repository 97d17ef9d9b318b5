/**
 * Phrasings that decide a section whatever the lexicon knows of their words. Used by the classifier's rules
 * (classify.ts) and as features of the learned model (model.ts), so that both read them the same way.
 */

// What the vet expects of the case ('it should heal well in six weeks', 'die kans is goed dat sy gaan herstel'): a
// prognosis is a judgement, not a plan, though it speaks of the future.
export const PROGNOSIS =
  /(?<![\p{L}])(?:(?:should|will|ought to|is (?:likely|expected) to|are (?:likely|expected) to|behoort te|sal|gaan)\s+(?:[\p{L}']+\s+){0,4}?(?:heal|recover|clear(?: up)?|resolve|settle(?: down)?|get better|make a (?:full )?recovery|herstel|genees|regkom|beter word|opklaar)|prognos[ei]s|prognose|outlook|vooruitsig\p{L}*|(?:the )?chances? (?:are|is) (?:good|fair|poor|slim)|(?:die )?kans(?:e)? is (?:goed|skraal|klein|redelik))(?![\p{L}])/iu;
// Treatment the animal already had, before this visit ('we dosed the flock with Ivomec on the 25th', 'hy is laas maand
// met Bravecto behandel'): history, though it names a drug. (An animal 'gave birth' or 'het melk gegee'.)
export const PAST_TREATMENT =
  /(?<![\p{L}])(?:(?:we|i|they|he|she|the owner|the farmer|owner|farmer)\s+(?:already\s+)?(?:gave(?!\s+birth)|dosed|treated|injected|sprayed|dipped|dewormed|wormed|vaccinated|put (?:him|her|them|it) on|started (?:him|her|them|it) on)|(?:was|were|has been|have been|had been)\s+(?:\p{L}+\s+)?(?:given|dosed|treated|injected|dewormed|wormed|vaccinated|dipped)|(?:ons|ek|hulle|die boer|die eienaar)\s+het\s+(?:\p{L}+\s+){0,6}?gegee|(?:ons|ek|hulle|hy|sy|die boer|die eienaar)\s+het\s+(?:\p{L}+\s+){0,6}?(?:gedoseer|behandel|ingespuit|gespuit|gedip|ontwurm|ingeënt|gevaksineer)|(?:is|was|word)\s+(?:\p{L}+\s+){0,4}?(?:behandel|ingespuit|gedoseer|ontwurm|ingeënt|gevaksineer))(?![\p{L}])/iu;
export const BEFORE_THIS_VISIT =
  /(?<![\p{L}])(?:previously|already|before|earlier|last|ago|yesterday|laas|voorheen|reeds|vroeër|verlede|gelede|gister\p{L}*|on the \d+(?:st|nd|rd|th)?)(?![\p{L}])/iu;

/** Treatment the animal had before this visit: a past-treatment phrase with a time before now. */
export function treatedBefore(text: string): boolean {
  return PAST_TREATMENT.test(text) && BEFORE_THIS_VISIT.test(text);
}
