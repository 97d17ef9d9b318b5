/**
 * SAVC Rule 26 completeness (issue 20 §4): what a clinical record must hold (client and patient
 * identification, species, breed, sex, age, clinical findings, vaccination status where relevant,
 * diagnosis, treatment, discharge instructions). Run on Save: missing items are shown, never blocking, and
 * the PDF record lists them. Rule 26 allows records 'per animal or group of animals': a herd visit's group
 * name identifies the patient.
 */
import type { ClinicalData } from '../schemas/clinical';

export const RULE26_ITEMS = [
  'client',
  'patient',
  'species',
  'breed',
  'sex',
  'age',
  'findings',
  'vaccination',
  'diagnosis',
  'treatment',
  'discharge',
] as const;
export type Rule26Item = (typeof RULE26_ITEMS)[number];

export const RULE26_LABELS: Record<Rule26Item, string> = {
  client: 'Client identification',
  patient: 'Patient identification',
  species: 'Species',
  breed: 'Breed',
  sex: 'Sex',
  age: 'Age',
  findings: 'Clinical findings',
  vaccination: 'Vaccination status',
  diagnosis: 'Diagnosis',
  treatment: 'Treatment',
  discharge: 'Discharge instructions',
};

export interface Rule26Input {
  notes: ClinicalData;
  /** Pre-consultation fields the notes do not carry. */
  breed?: string | undefined;
  age?: string | undefined;
  sex?: string | undefined;
  groupName?: string | undefined;
}

export interface Rule26Check {
  item: Rule26Item;
  label: string;
  present: boolean;
}

const has = (value: string | undefined) => (value ?? '').trim() !== '';
const any = (pattern: RegExp, ...texts: string[]) => texts.some((text) => pattern.test(text));

const SEX =
  /(?<![\p{L}])(?:male|female|intact|entire|neutered|castrated|spayed|sterilised|sterilized|bitch|queen|tom|stallion|gelding|mare|colt|filly|bulls?|cows?|heifers?|steers?|ox|oxen|rams?|ewes?|wethers?|bucks?|does|doe|boars?|sows?|gilts?|barrows?|manlik|vroulik|gekastreer|gesteriliseer|teef|hings|hingste|reun|merries?|bul|bulle|koei|koeie|vers|verse|os|osse|ooi|ooie|hamel|hamels|ramme|bok|beer|sog|sôe|mannetjie|wyfie|MN|FS|ME|FE)(?![\p{L}])/iu;
/** An age, not a duration: 'N years old', 'aged 4', '3 jaar oud', '6-month-old', or an age word ('calf', 'volwasse'). */
const AGE =
  /(?:\d+(?:\.\d+)?[\s-]*(?:years?|yrs?|months?|mnths?|weeks?|wks?|days?|jaar|jare|maande?|weke|dae)[\s-]*(?:old|oud)|\d+(?:\.\d+)?\s*(?:y\/o|yo)(?![\p{L}])|(?<![\p{L}])(?:aged|age|ouderdom)\s*:?\s*\d|(?<![\p{L}])(?:puppy|kitten|foal|calf|lamb|kid|piglet|juvenile|adult|geriatric|senior|hondjie|katjie|vul|kalf|lam|bokkie|varkie|volwasse)(?![\p{L}]))/iu;
const VACCINATION =
  /(?<![\p{L}])(?:vaccin\p{L}*|ingeënt|ingeent|inenting\p{L}*|entstof\p{L}*|booster|unvaccinated|nie ingeënt)(?![\p{L}])/iu;
const DISCHARGE =
  /(?<![\p{L}])(?:recheck|re-check|follow[- ]?up|return|come back|review in|monitor|watch|observe|call|phone|contact|if (?:not|no|worse|still)|rest|keep|confine|feed|diet|owner to|client to|discharge|home|kom terug|opvolg|hou dop|dophou|let op|bel|kontak|rus|hou (?:hom|haar|dit|hulle)|voer|dieet|huis|oor \d+ dae|in \d+ (?:days|weeks|dae|weke))(?![\p{L}])/iu;

/** Vaccination status is relevant for companion animals and horses, and for any vaccination visit. */
function vaccinationRelevant(notes: ClinicalData): boolean {
  const species = (notes.species ?? '').toLowerCase();
  return ['dogs', 'cats', 'horses'].includes(species) || /vaccin/iu.test(notes.consultationType ?? '');
}

export function checkRule26(input: Rule26Input): Rule26Check[] {
  const { notes } = input;
  const all = [notes.subjective, notes.objective, notes.assessment, notes.plan].join('\n');
  const present: Record<Rule26Item, boolean | null> = {
    client: has(notes.clientName),
    patient: has(notes.patientName) || has(input.groupName),
    species: has(notes.species),
    breed: has(input.breed),
    sex: has(input.sex) || any(SEX, notes.patientName ?? '', input.groupName ?? '', all),
    age: has(input.age) || any(AGE, all),
    findings: has(notes.objective),
    vaccination: vaccinationRelevant(notes) ? VACCINATION.test(all) : null,
    diagnosis: has(notes.assessment),
    treatment: has(notes.plan),
    discharge: DISCHARGE.test(notes.plan),
  };
  return RULE26_ITEMS.filter((item) => present[item] !== null).map((item) => ({
    item,
    label: RULE26_LABELS[item],
    present: present[item] === true,
  }));
}

export function missingRule26(input: Rule26Input): Rule26Check[] {
  return checkRule26(input).filter((check) => !check.present);
}
