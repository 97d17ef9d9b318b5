/**
 * Phrasings that decide a section whatever the lexicon knows of their words. Used by the classifier's rules
 * (classify.ts) and as features of the learned model (model.ts), so that both read them the same way.
 */

const alternation = (parts: readonly string[]): string => parts.map((part) => `(?:${part})`).join('|');

/** One case-insensitive pattern that matches any of the parts. */
function anyOf(parts: readonly string[]): RegExp {
  return new RegExp(alternation(parts), 'iu');
}

/** Any of the parts as whole words: no letter right before or after the match. */
function anyWordsOf(parts: readonly string[]): RegExp {
  return new RegExp(String.raw`(?<![\p{L}])(?:${alternation(parts)})(?![\p{L}])`, 'iu');
}

// What the vet expects of the case ('it should heal well in six weeks', 'die kans is goed dat sy gaan herstel'): a
// prognosis is a judgement, not a plan, though it speaks of the future.
export const PROGNOSIS = anyWordsOf([
  // English: an expectation of the animal's course ('should be sound within a week', 'will pull through').
  String.raw`(?:should|will|\p{L}+'ll|ought to|(?:is|are) (?:likely|expected) to|may well|could well)\s+(?:[\p{L}']+\s+){0,3}?(?:heal|recover|pull through|make it|survive|pink up|catch up|be (?:fine|sound|cured|better|okay|ok|right|all right|alright)|feel better|come right|settle(?: down)?|clear(?: up)?|resolve|respond|improve|do well|live|get better|make a (?:full )?recovery)`,
  // How such cases go ('most epileptic dogs live a full life', 'asthma can't be cured').
  String.raw`most\s+(?:[\p{L}']+\s+){0,3}?(?:recover|survive|live|do well|go on|come right)`,
  String.raw`(?:can't|cannot|can not|won't) be cured|(?:a )?(?:good|normal|full) (?:quality of )?li(?:fe|ves)|clears? up on (?:its|their) own`,
  String.raw`prognos[ei]s|prognose|outlook|vooruitsig\p{L}*|(?:the )?chances? (?:are|is) (?:good|fair|poor|slim)|(?:a |an )?(?:good|fair|reasonable|poor|slim|fifty-fifty) chance|(?:not|nog nie) (?:yet )?out of the woods|nog nie uit die bos nie`,
  // Afrikaans puts the verb last: 'behoort hy binne twee dae baie beter te voel', 'sy sal binne 'n week herstel'.
  String.raw`(?:behoort|sal|gaan)\s+(?:[\p{L}']+\s+){0,10}?(?:herstel|genees|regkom|reg kom|beter (?:te )?voel|beter word|oorleef|reageer|opklaar|gesond word|(?:weer )?gemaklik (?:te )?loop)`,
  // What the vet expects ('ek verwag dat die…'), losses or signs that should stop ('the mortality should drop'), how
  // most such cases go ('die meeste perde kom reg'), survival odds ('survive about eight out of ten').
  String.raw`(?:ek|ons) verwag (?:dat )?(?:die|hy|sy|hulle|dit)|(?:mortality|deaths|losses|the (?:cough|diarrhoea|scouring|swelling|fever))\s+(?:should|will|ought to)\s+(?:[\p{L}']+\s+){0,3}?(?:drop|stop|ease|settle|clear)|(?:vrektes|sterftes|verliese|die (?:hoes|diarree|swelling|koors))\s+(?:[\p{L}']+\s+){0,8}?(?:sal|behoort|gaan)\s+(?:[\p{L}']+\s+){0,8}?(?:ophou|daal|afneem|bedaar)|die meeste\s+(?:[\p{L}']+\s+){0,3}?(?:kom\s+(?:[\p{L}']+\s+){0,5}?reg|herstel|oorleef|genees)|(?:survive|survives|oorleef|recover|herstel)\s+(?:about\s+|omtrent\s+|sowat\s+|roughly\s+)?(?:\d+|[\p{L}]+)\s+(?:uit|out of|in)\s+(?:\d+|[\p{L}]+)`,
  String.raw`(?:(?:die |sy |haar |\p{L}+ se )?kans(?:e)? (?:op [\p{L}]+ )?is|is die kans(?:e)?(?: op [\p{L}]+)?) (?:maar |baie |nogal |redelik )?(?:goed|beter|skraal|klein|redelik)|(?:'n )?(?:goeie|redelike|skraal) kans|kan nie genees word nie|goeie (?:lewe|jare)`,
]);
// The vet naming the disease ('it's classic for coryza', 'dit is vleksiekte', 'that confirms hyperthyroidism'):
// a diagnosis, though it is said like a finding.
export const DIAGNOSIS_STATEMENT = anyOf([
  String.raw`(?:classic|typical|pathognomonic|diagnostic)\s+(?:for|of)|klassiek(?:\s+(?:vir|met))?(?![\p{L}])|klassieke\s+(?:geval|voorbeeld)\s+van|tipies\s+(?:van|vir)`,
  // The animal judged healthy ("she's a healthy puppy", 'hy is 'n gesonde kalf'): the assessment of a check-up.
  String.raw`(?:he's|she's|it's|he is|she is|it is|hy is|sy is|dis|dit is)\s+(?:a |an |'n )?(?:healthy|gesonde|gesond)(?![\p{L}])`,
  // How bad it is ('this is serious', "it's a mild case", 'dis 'n erge geval'): the vet's judgement.
  String.raw`(?:this|it|that)(?:'s| is) (?:very |quite |really )?serious|(?:dis|dit is) (?:baie )?ernstig|(?:a|an|'n) (?:mild|moderate|severe|bad|ligte|matige|erge|ernstige) (?:case|geval)`,
  // Named with certainty ('so it is definitely a volvulus', 'dis beslis 'n breuk'), whatever the disease's name.
  String.raw`(?:it's|it is|this is|that's|that is|dit is|dis)\s+(?:definitely|certainly|clearly|beslis|definitief|duidelik|sekerlik|verseker)\s+(?:a|an|'n)\s+\p{L}`,
  String.raw`(?:confirms?|confirmed|bevestig)\s+(?:(?:a|an|'n|the|die|that|dat)\s+)?[\p{L}-]*(?:itis|osis|iasis|a?emia|oma|pathy|patie|ose|ism|isme|toksemie|siekte|sickness|disease|infection|infeksie|fever|koors)`,
  String.raw`(?:^|[,;:]\s*|(?:sure|certain|confident|seker|oortuig)\s+(?:that\s+|dat\s+)?)(?:so\s+|and\s+|en\s+|dus\s+)?(?:it's|it is|this is|that's|dit is|dis)\s+(?:(?:a|an|'n|classic|typical|definitely|beslis|clearly|duidelik)\s+)*(?:[\p{L}-]+,?\s+){0,3}?[\p{L}-]*(?:itis|osis|iasis|a?emia|oma|pathy|patie|ose|ism|isme|toksemie|siekte|sickness|disease|infection|infeksie|fever|koors|metra|diphtheria|difterie|abscess|abses|ulcer|ulkus|fracture|fraktuur)(?![\p{L}])`,
]);
// Treatment the animal already had, before this visit ('we dosed the flock with Ivomec on the 25th', 'hy is laas maand
// met Bravecto behandel'): history, though it names a drug. (An animal 'gave birth' or 'het melk gegee'.)
export const PAST_TREATMENT =
  /(?<![\p{L}])(?:(?:we|i|they|he|she|the owner|the farmer|owner|farmer)\s+(?:already\s+)?(?:gave(?!\s+birth)|dosed|treated|injected|sprayed|dipped|dewormed|wormed|vaccinated|put (?:him|her|them|it) on|started (?:him|her|them|it) on)|(?:was|were|has been|have been|had been)\s+(?:\p{L}+\s+)?(?:given|dosed|treated|injected|dewormed|wormed|vaccinated|dipped)|(?:ons|ek|hulle|die boer|die eienaar)\s+het\s+(?:\p{L}+\s+){0,6}?gegee|(?:ons|ek|hulle|hy|sy|die boer|die eienaar)\s+het\s+(?:\p{L}+\s+){0,6}?(?:gedoseer|behandel|ingespuit|gespuit|ge-?inject\p{L}*|geïnjekteer|gedip|ontwurm|ingeënt|gevaksineer)|(?:is|was|word)\s+(?:\p{L}+\s+){0,4}?(?:behandel|ingespuit|gedoseer|ontwurm|ingeënt|gevaksineer))(?![\p{L}])/iu;
export const BEFORE_THIS_VISIT =
  /(?<![\p{L}])(?:previously|already|before|earlier|last|ago|yesterday|laas|voorheen|reeds|vroeër|verlede|gelede|gister\p{L}*|on the \d+(?:st|nd|rd|th)?)(?![\p{L}])/iu;

/** Treatment the animal had before this visit: a past-treatment phrase with a time before now. */
export function treatedBefore(text: string): boolean {
  return (
    ALREADY_HAD.test(text) ||
    (PAST_TREATMENT.test(text) && (BEFORE_THIS_VISIT.test(text) || OWNERS_OWN_SUPPLY.test(text)))
  );
}
// A dose the animal already had ('they had one dose of dewormer there', 'her last Bravecto was in March', 'sy laaste
// Simparica was vroeg in Maart'): no plan speaks of a treatment in the past tense.
const ALREADY_HAD =
  /(?<![\p{L}])(?:(?:they|he|she|it)\s+(?:had|got|received)\s+(?:\p{L}+\s+){0,3}?(?:doses?|injections?|vaccines?|vaccinations?|jabs?|shots?|tablets?|course)|(?:his|her|their|its|the|sy|haar|hulle|die)\s+(?:last|previous|laaste|vorige)\s+(?:[\p{L}-]+\s+){0,2}?(?:was|were|is (?:gegee|ingespuit)))(?![\p{L}])/iu;
// The owner dosing their own animal from what they had ('I gave my Staffie half a Panado', 'die penicillin wat
// oorgebly het'): home treatment, told as history.
const OWNERS_OWN_SUPPLY =
  /(?<![\p{L}])(?:(?:i|we)\s+(?:\p{L}+\s+)?(?:gave|dosed|injected|treated|sprayed)\s+(?:my|our)|left ?over|we had (?:at home|in the (?:house|cupboard|fridge))|wat (?:nog )?oorgebly het|wat ons (?:nog )?gehad het|van die vorige keer|from last time)(?![\p{L}])/iu;

const COUNT = String.raw`(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|\d+|'n|een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien|paar|'n paar)`;
const SPAN = String.raw`(?:days?|weeks?|months?|nights?|dae|dag|weke|week|maande|maand|nagte|nag)`;
// How long the complaint has gone on ('she's been drinking buckets for about three weeks', 'al drie dae geswel', 'die
// laaste dag of twee', 'since Sunday'). English 'for N days' also ends a plan ('rest for six weeks'), so it counts
// only with a verb in the perfect or the past.
const ONGOING_FOR = new RegExp(
  String.raw`(?<![\p{L}])(?:for|over)\s+(?:about\s+|around\s+|roughly\s+|almost\s+|nearly\s+|the\s+(?:last|past)\s+)?${COUNT}\s+${SPAN}(?![\p{L}])`,
  'iu',
);
const PERFECT_OR_PAST =
  /(?<![\p{L}])(?:has|have|had|hasn't|haven't|was|wasn't|were|weren't|been|did|didn't)(?![\p{L}])|(?<=\p{L})'(?:s been|ve)(?![\p{L}])/iu;
const ONGOING_SINCE = anyOf([
  String.raw`since\s+(?:yesterday|last\s+\p{L}+|the\s+weekend|this\s+morning|(?:mon|tues|wednes|thurs|fri|satur|sun)day)`,
  String.raw`al\s+(?:vir\s+)?(?:amper\s+|omtrent\s+|sowat\s+)?${COUNT}\s+${SPAN}`,
  String.raw`(?:die|vir die)\s+(?:laaste|afgelope)\s+(?:dag of twee|${COUNT}\s+${SPAN}|${SPAN})`,
  String.raw`sedert\s+(?:gister\p{L}*|verlede\s+\p{L}+|die\s+naweek|vanoggend|(?:maan|dins|woens|donder|vry|sater|son)dag)`,
]);
export function toldDuration(text: string): boolean {
  return ONGOING_SINCE.test(text) || (ONGOING_FOR.test(text) && PERFECT_OR_PAST.test(text));
}

// Someone other than the vet telling what happened ('my husband says', 'you said', 'jy het gesê', 'die voorman sê'),
// or the owner's own care at home ('we've been hosing it', 'we forgot the iron', 'ons het die ou druppels gebruik'):
// history. (The vet examines and finds; owners tell, try and forget.)
export const TOLD_HISTORY = new RegExp(
  [
    String.raw`(?:my|our|his|her|their|the|die|ons|haar|sy|hul)\s+(?:\p{L}+\s+)?(?:husband|wife|son|daughter|partner|mother|father|manager|foreman|worker|groom|neighbours?|man|vrou|seun|dogter|ma|pa|bestuurder|voorman|werker|buurman|bure)\s+(?:says|said|reckons|told me|thinks|sê|het gesê|reken|dink|vertel)`,
    String.raw`(?:you|jy|u)\s+(?:said|mentioned|told me|were saying|het gesê|het genoem|het vertel|het gemeld)`,
    String.raw`(?:(?:\p{L}+'s|the other|another|our old|the previous|die ander|ons ou|die vorige)\s+)?(?:vet|veearts|dokter)\s+(?:said|told us|told me|diagnosed|het gesê|het gedink|het gediagnoseer|sê)`,
    String.raw`(?:i|we)(?:'ve|\s+have)\s+been\s+\p{L}+ing`,
    String.raw`(?:i|we)\s+(?:forgot|tried|skipped|ran out|couldn't|never)`,
    String.raw`(?:ek|ons)\s+het\s+(?:\p{L}+\s+){0,8}?(?:vergeet|probeer|gebruik)`,
  ]
    .map((part) => String.raw`(?<![\p{L}])(?:${part})(?![\p{L}])`)
    .join('|'),
  'iu',
);

// When, before this visit, something happened ('on Sunday she licked the wound', 'in die winter het sy … gehad',
// 'came up with lumps this week'): with a verb in the past, the owner's story, not today's exam.
const PAST_TIME = new RegExp(
  String.raw`(?<![\p{L}])(?:yesterday|last (?:night|week|month|year|winter|summer|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|this (?:past )?week|in (?:the )?(?:winter|summer|spring|autumn)|gister\p{L}*|verlede (?:week|maand|jaar|winter|somer|(?:maan|dins|woens|donder|vry|sater|son)dag)|(?:maan|dins|woens|donder|vry|sater|son)dag|hierdie week|in die (?:winter|somer|lente|herfs))(?![\p{L}])`,
  'iu',
);
const PAST_VERB =
  /(?<![\p{L}])(?:had|was|were|came|went|got|started|stopped|began|(?:he|she|they|it|we|i)\s+(?:\p{L}+\s+)?[\p{L}]{3,}ed|het\s+(?:[\p{L}']+\s+){0,8}?(?:ge[\p{L}]{3,}|gehad)|het\s+(?:[\p{L}']+\s+){0,8}?(?:begin|opgehou))(?![\p{L}])/iu;

export function toldInThePast(text: string): boolean {
  return PAST_TIME.test(text) && PAST_VERB.test(text);
}

/** History told in words that name no symptom: how long it has gone on, who told it, what was tried at home. */
export function toldHistory(text: string): boolean {
  return toldDuration(text) || TOLD_HISTORY.test(text) || toldInThePast(text);
}

// The owner's worry or guess, asked or told ('is it normal that he sleeps so much?', 'is dit sleg as hy hoes…',
// 'could it be the rat poison?', "I'm scared it's cancer"): history in the owner's words, not a question to leave out
// nor the vet's assessment. ("I'm afraid it's…" and 'ek is bang dis…' are also how a vet breaks bad news.)
export const OWNER_WORRY = anyOf([
  String.raw`(?:is|was)\s+(?:it|that|this|dit|dat)\s+(?:\p{L}+\s+)?(?:normal|normaal|bad|sleg|serious|ernstig|dangerous|gevaarlik)(?:\s+(?:that|dat|as|if|for|vir|om|when|wanneer)|\s*\?|$)`,
  String.raw`should\s+(?:i|we)\s+(?:be\s+)?worr(?:y|ied)|moet\s+(?:ek|ons)\s+(?:my\s+|ons\s+)?(?:bekommer|bekommerd)`,
  String.raw`(?:i'm|i am|we're|we are)\s+(?:so\s+|really\s+)?(?:scared|terrified)\s+(?:that\s+)?(?:it's|it is|it might|it could|he|she)`,
  String.raw`^(?:\p{L}+,?\s+)?(?:could|can|might)\s+it\s+be\s+(?:the|that|something|his|her|because)|^(?:\p{L}+,?\s+)?(?:kan|sou)\s+dit\s+(?:\p{L}+\s+){0,4}?(?:wees|kon wees)\s*\?`,
]);

// The owner's own health, not the animal's ('I had my gallbladder out', 'my sugar was 9.2 at the clinic', 'ek het
// self nierstene gehad', 'the plate in my collarbone', 'my vingers was gevries'): chat, however medical its words.
const OWN_BODY = String.raw`(?:my|my own|my eie)\s+(?:arms?|nose|back|knees?|hips?|shoulders?|collarbone|neck|hands?|fingers|wrists?|ankles?|foot|feet|gallbladder|appendix|kidney stones?|sugar|blood ?sugar|blood pressure|cholesterol|diet|doctor|gp|dermatologist|physio|surgeon|oncologist|neus|rug|knie[ëe]?|heupe?|skouers?|sleutelbeen|nek|hande?|vingers|polse?|enkels?|voete?|galblaas|blindederm|nierstene|suiker|bloedsuiker|bloeddruk|dieet|dokter|huisdokter|fisio)`;
const MYSELF = String.raw`(?:i|ek)\s+(?:myself|self|have|had|het|was)\s+(?:myself\s+|self\s+|also\s+|ook\s+)?(?:in\s+\d{4}\s+)?(?:[\p{L}']+\s+){0,3}?(?:[\p{L}]+-)?(?:operation|op|surgery|operasie|an? op|hospital|hospitaal|cancer|kanker|kidney stones|nierstene|stitches|steke|chemo|heart attack|hartaanval)|i had my\s+(?:\p{L}+\s+){0,2}?done|ek het self\s+(?:[\p{L}'-]+\s+){1,6}?gehad|i (?:had|have had)\s+(?:[\p{L}'-]+\s+){1,4}?myself|ek\s+(?:het\s+|gebruik\s+|drink\s+|neem\s+)?self\s+(?:[\p{L}'-]+\s+){0,3}?\p{L}*(?:medisyne|pille|tablette|medikasie)`;
// A member of the household in hospital or under treatment ('my cousin had treatment for breast cancer at …').
/**
 * The people of a household and its circle, English and Afrikaans: whose news or health a sentence tells
 * (here, and where speech-engine text is cut before such news, split.ts).
 */
export const KIN = String.raw`husband|wife|son|daughter|mother|mom|mum|father|dad|brother|sister|cousin|uncle|aunt|grandmother|grandfather|granny|gran|grandson|granddaughter|nephew|niece|boyfriend|girlfriend|friend|neighbou?r|(?:father|mother|brother|sister|son|daughter)-in-law|in-laws|kids|children|man|vrou|seun|dogter|ma|pa|broer|suster|neef|niggie|oom|tante|ouma|oupa|kleinseun|kleindogter|skoonpa|skoonma|skoonseun|skoondogter|swaer|skoonsuster|kêrel|vriend|vriendin|buurman|buurvrou|kinders`;
const RELATIVE = String.raw`(?:my|our|ons|his|her|their|sy|haar|hulle|[\p{L}]+\s+se|[\p{L}]+'s)\s+(?:${KIN})(?:'s)?`;
const HUMAN_CARE = String.raw`chemo\p{L}*|cancer|kanker|hospital|hospitaal|operation|operasie|surgery|stitches|steke|treatment for|behandeling vir|physio|fisio|(?:a |'n )?(?:new|nuwe) (?:hip|knee|heup|knie)|(?:hip|knee) replacement|heart attack|hartaanval|(?:her|haar|a|'n) (?:baby|baba)|keiser|pacemaker|stent|prostate|prostaat|tonsils|mangels|stroke|beroerte|shingles|gordelroos|scoped|dialysis|dialise|antibiotics|antibiotika|chest infection|borskas|bronchitis|flu|griep`;
// Said outright to be a person's ('his own blood sugar', 'sy eie dokter', 'the GP put him on…'): a person's, whatever
// pronouns come with it.
const PERSONS_OWN = String.raw`(?:my|his|her|their|sy|haar|hulle)\s+(?:own|eie)\s+(?:[\p{L}-]+\s+){0,2}?(?:blood ?sugar|sugar|blood pressure|cholesterol|doctor|gp|dokter|huisdokter|bloedsuiker|suiker|bloeddruk|operation|op|operasie|knee|hip|back|shoulder|knie|heup|rug|skouer|stent|pacemaker|injection|inspuiting|cortisone|kortisoon|medication|medicine|medisyne|pills|pille|tablets|tablette)|(?:the|his|her|my|die|sy|haar)\s+(?:gp|huisdokter)`;
const PERSONS_OWN_HEALTH = new RegExp(String.raw`(?<![\p{L}])(?:${PERSONS_OWN})(?![\p{L}])`, 'iu');
const ANIMAL_NOUNS = 'dog|cat|puppy|kitten|horse|cow|calf|ewe|ram|goat|hond|kat|perd|koei|kalf|ooi|bok';
const ANIMAL_NOUN = anyWordsOf([ANIMAL_NOUNS]);
// (The words between the person and the care may hold a number or a comma, and the care word may end a compound:
// 'Sakkie se vrou het 'n nierklip gehad, sy was 2 dae in die hospitaal', 'haar ma lê in Unitas-hospitaal'.)
const OWN_HEALTH = new RegExp(
  String.raw`(?<![\p{L}])(?:${OWN_BODY}|${MYSELF}|${RELATIVE}\s+(?:[\p{L}\d'’]+,?\s+){0,10}?(?:[\p{L}]+-)?(?:${HUMAN_CARE}))(?![\p{L}])`,
  'iu',
);
// The animal in the same sentence ('he bit my hand', 'my husband took him to the hospital') keeps it history.
const NAMES_THE_ANIMAL = anyWordsOf([
  String.raw`he|him|his|hy|hom|sy(?= \p{L}+ (?:is|was|het))`,
  ANIMAL_NOUNS,
]);

// A sentence about a person of the household from its first words ('My pa het … met sy borskas gesukkel, hy was…',
// 'His wife is recovering from…'): its pronouns are that person's, not the animal's.
const OPENS_ON_RELATIVE = new RegExp(String.raw`^(?:[\p{L}']+[\s,]+){0,3}?${RELATIVE}(?![\p{L}])`, 'iu');

// …where the animal is still named as the one acted on ('My husband took him to the hospital').
const ANIMAL_AS_OBJECT = anyWordsOf([
  ANIMAL_NOUNS,
  String.raw`him|hom|(?:took|brought|carried|found|vat|bring|gebring|gevat|gekry)\s+(?:her|haar)`,
]);

/** Where the owner's own health is first told in the sentence, or -1 (also when the animal is named). */
export function ownersOwnHealthAt(text: string): number {
  const persons = PERSONS_OWN_HEALTH.exec(text);
  if (persons && !ANIMAL_NOUN.test(text)) return persons.index;
  if ((OPENS_ON_RELATIVE.test(text) ? ANIMAL_AS_OBJECT : NAMES_THE_ANIMAL).test(text)) return -1;
  return OWN_HEALTH.exec(text)?.index ?? -1;
}

// The vet weighing other diagnoses ('other things that can look like this are…', "I'd look for other causes, like
// Cushing's", 'ek het ook aan 'n blaasontsteking gedink', 'ek moet ook aan nierversaking dink', '… in gedagte'): the
// differential list, an assessment, though it reads like a plan or a finding.
export const DIFFERENTIAL = anyWordsOf([
  String.raw`(?:other|another)\s+(?:things?|causes?|conditions?|diseases?|possibilit(?:y|ies)|differentials?)\s+(?:that\s+|which\s+)?(?:can|could|might|may|would|to)\s+(?:[\p{L}']+\s+){0,2}?(?:look|cause|be|give|explain|consider)`,
  String.raw`(?:i'd|i would|we'd|we would|i'll|we'll|i|we)\s+(?:also\s+)?(?:look for|consider|think about|think of)\s+(?:other\s+)?(?:causes|possibilities|differentials)`,
  // 'The other causes of itchy skin in pigs are…', 'ander oorsake van hoes is…': the list after the symptom.
  String.raw`(?:other|another)\s+(?:causes?|possibilit(?:y|ies)|differentials?)\s+(?:of|for)\s+(?:[\p{L}'’-]+\s+){1,6}?(?:are|is|include|includes|would be)|(?:ander|nog)\s+(?:oorsake|moontlikhede)\s+(?:van|vir)\s+(?:[\p{L}'’-]+\s+){1,6}?(?:is|sluit)`,
  // (What it can also be, not how it can also be given: 'it can also be a reaction to…'.)
  String.raw`(?:it|this|that)\s+(?:can|could)\s+also\s+be\s+(?:a|an|the|just|simply|early|due to|from)|(?:dit|hierdie)\s+kan\s+ook\s+(?:[\p{L}'’-]+\s+){0,3}?wees`,
  String.raw`(?:i'm|i am|we're|we are)\s+(?:also\s+)?(?:thinking of|considering)|(?:i|we)\s+(?:also\s+)?(?:thought of|considered)|(?:can't|cannot|can not|haven't|have not)\s+(?:yet\s+)?(?:rule[sd]?|ruled)\s+out|(?:could|might|may)\s+also\s+be|differentials?\s+(?:are|is|include)`,
  String.raw`(?:ek|ons)\s+(?:het|moet|sal)?\s*(?:ook\s+)?aan\s+(?:[\p{L}'-]+\s+){0,6}?(?:gedink|dink)|in\s+gedagte|kan\s+ook\s+(?:[\p{L}'-]+\s+){1,5}?wees|ander\s+(?:moontlikhede|oorsake|siektes|dinge)\s+(?:wat|is)|(?:kan|kon)\s+(?:dit\s+)?(?:nog\s+)?nie\s+uitsluit\s+nie`,
]);
