/**
 * Which animals a consultation is about. The patient's kind comes from the patient field (species) and from the
 * transcript itself (the kinds of animal it keeps coming back to); any other animal a sentence talks about — the
 * neighbour's cat, the baboons in the maize, the vet's own dog — is someone else's story.
 */
import type { Species } from '../schemas/clinical';
import { compileTerms, findTerms } from './text';

/**
 * Kinds of animal, each with its English and Afrikaans words (singular, plural, young, common breeds). General
 * knowledge, not a list fitted to any consultation.
 */
const KINDS: Record<string, string> = {
  dog:
    'dog dogs doggie puppy puppies pup pups bitch bitches hond honde hondjie hondjies brak brakke teef tewe ' +
    'labrador labradors rottweiler rottweilers pekingese staffie staffies boerboel boerboels dachshund worshond ' +
    'poodle poedel husky collie beagle pitbull pit bull yorkie chihuahua spaniel terrier terriers retriever ' +
    'alsatian german shepherd pug bulldog jack russell jack russells fox terrier greyhound whippet ridgeback',
  cat: 'cat cats kitten kittens kitty tomcat kat katte katjie katjies kater siamese persian',
  cattle:
    'cow cows calf calves heifer heifers bull bulls steer steers ox oxen cattle koei koeie kalf kalwers kalfie vers ' +
    'verse bul bulle os osse beeste',
  sheep: 'sheep ewe ewes ram rams lamb lambs skaap skape ooi ooie ramme lammers lammetjie',
  goat: 'goat goats bok bokke boerbok',
  horse:
    'horse horses pony ponies mare mares foal foals stallion gelding perd perde merrie merries vulle hings ponie',
  donkey: 'donkey donkeys esel esels donkie donkies',
  pig: 'pig pigs sow sows piglet piglets boar boars vark varke sog soë varkie varkies',
  poultry:
    'chickens hen hens rooster roosters chick chicks duck ducks goose geese turkey turkeys hoenders ' +
    'hen henne haan hane kuiken kuikens eend eende gans ganse kalkoen kalkoene',
  bird: 'bird birds parrot parrots budgie budgies canary pigeon pigeons dove doves voël voëls papegaai papegaaie duif duiwe',
  ostrich: 'ostrich ostriches volstruis volstruise',
  pocket:
    'rabbit rabbits bunny hamster hamsters guinea pig guinea pigs ferret ferrets gerbil konyn ' +
    'konyne marmotjie marmotjies',
  reptile: 'tortoise tortoises lizard lizards gecko geckos skilpad skilpaaie akkedis',
  wildlife:
    'jackal jackals caracal caracals baboon baboons monkey monkeys porcupine porcupines bushbuck kudu duiker ' +
    'leopard leopards lion lions elephant elephants hippo buffalo buffaloes mongoose meerkat guinea fowl guineafowl ' +
    'dassie dassies jakkals jakkalse rooikat rooikatte bobbejaan bobbejane aap ape ystervark ystervarke ' +
    'bosbok bosbokke koedoe koedoes tarentaal tarentale muishond muishonde luiperd leeu leeus olifant olifante ' +
    'buffel buffels buffelbul seekoei',
};

/** The kinds a species of the patient field stands for ('Other' could be any of the small ones). */
const SPECIES_KINDS: Partial<Record<Species, string[]>> = {
  Dogs: ['dog'],
  Cats: ['cat'],
  Cattle: ['cattle'],
  Sheep: ['sheep'],
  Goats: ['goat'],
  Horses: ['horse', 'donkey'],
  Pigs: ['pig'],
};

/** A kind the transcript names this often is (one of) the patients, whatever the patient field says. */
const PATIENT_MENTIONS = 3;

/** Every animal word in one matcher (one scan of a text), with the kinds each word stands for. */
let matcher: { pattern: RegExp; kindsOf: Map<string, string[]> } | undefined;
function animalMatcher(): { pattern: RegExp; kindsOf: Map<string, string[]> } {
  if (!matcher) {
    const kindsOf = new Map<string, string[]>();
    for (const [kind, terms] of Object.entries(KINDS))
      for (const term of terms.split(' ').reduce<string[]>(joinCompounds, []))
        kindsOf.set(term, [...new Set([...(kindsOf.get(term) ?? []), kind])]);
    matcher = { pattern: compileTerms([...kindsOf.keys()]), kindsOf };
  }
  return matcher;
}

/** The kinds a matched animal word stands for ('Guinea-pig' → pocket). */
function kindsOfWord(word: string): string[] {
  return animalMatcher().kindsOf.get(word.toLowerCase().replace(/[\s,-]+/gu, ' ')) ?? [];
}

// 'guinea pig', 'jack russell', 'german shepherd', 'pit bull', 'fox terrier', 'guinea fowl' are one word each.
const COMPOUND_HEADS = new Set(['guinea', 'jack', 'german', 'pit', 'fox']);
function joinCompounds(out: string[], word: string): string[] {
  const last = out.at(-1);
  if (last !== undefined && COMPOUND_HEADS.has(last)) out[out.length - 1] = `${last} ${word}`;
  else out.push(word);
  return out;
}

/** The kinds each animal word of a text stands for, word by word; `skip` passes over a word at its index. */
function kindMentions(text: string, skip?: (index: number) => boolean): string[] {
  const out: string[] = [];
  for (const match of findTerms(animalMatcher().pattern, text))
    if (!skip?.(match.index)) out.push(...kindsOfWord(match.text));
  return out;
}

/** The kinds of animal a text names. */
export function animalKinds(text: string): Set<string> {
  return new Set(kindMentions(text));
}

/**
 * The patient's kinds: the patient field's species, every kind the transcript names again and again, and, when the
 * field names no kind ('Other', or no field), the kind the transcript names most.
 */
export function patientKinds(texts: readonly string[], species?: string): Set<string> {
  const out = new Set<string>(SPECIES_KINDS[species as Species] ?? []);
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const kind of kindMentions(text)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  const unnamed = out.size === 0;
  for (const [kind, count] of counts) {
    if (count >= PATIENT_MENTIONS || (unnamed && count === most)) out.add(kind);
  }
  return out;
}

const KIND_WORD = String.raw`[\p{L}'’-]+`;
// Whose animal: the neighbour's, someone named, the vet's own, the household's other one ('Thabo se hond', 'our
// neighbour's Pekingese', 'my own cat', 'ons ander hond', 'her hamster'). Not 'your dog', which is often the
// household's other patient ('your dog also needs flea treatment').
const WHOSE = String.raw`\s+(?:(?:other|ander|old|ou|new|nuwe|young|jong|little|klein)\s+)?(${KIND_WORD})`;
const SOMEONE_ELSES = [
  new RegExp(
    String.raw`(?<![\p{L}])(?:(?:the|our|my|die|ons)\s+)?(?:neighbou?rs?['’]s?|buurman\s+se|buurvrou\s+se|bure\s+se|my own|my eie|our other|my other|ons ander|my ander|our|ons|his|her|sy|haar)${WHOSE}`,
    'giu',
  ),
  // Someone named: 'Thabo se hond', 'Lerato's cat' (the capital tells a name in cased text).
  new RegExp(String.raw`(?<![\p{L}])\p{Lu}\p{Ll}+(?:['’]s|\s+se)${WHOSE}`, 'gu'),
];
const SPEAKERS_OWN = new RegExp(String.raw`(?<![\p{L}])(?:my own|my eie)${WHOSE}`, 'iu');
// 'eats like a horse', 'soos 'n perd', 'panting like a dog': a comparison, not an animal.
const COMPARISON = /(?<![\p{L}])(?:like an?|soos 'n|soos n)\s+$/iu;

/**
 * The sentence tells of an animal that is not the patient: someone else's animal, or wildlife, and nothing of the
 * patient's kind is named with it ('the baboons ate my whole maize field', 'ons buurvrou se kat vang 'n duif').
 */
export function aboutAnotherAnimal(text: string, patients: ReadonlySet<string>): boolean {
  const kinds = new Set(
    kindMentions(text, (index) => COMPARISON.test(text.slice(Math.max(0, index - 12), index))),
  );
  if (kinds.size === 0) return false;
  // The speaker's own animal is never the patient ('my own cat brought a mouse in', 'my eie hond…').
  const own = SPEAKERS_OWN.exec(text);
  if (own && animalKinds(own[1] ?? '').size > 0) return true;
  for (const kind of kinds) if (patients.has(kind)) return false;
  if (kinds.has('wildlife')) return true;
  return SOMEONE_ELSES.some((pattern) =>
    [...text.matchAll(pattern)].some((match) => animalKinds(match[1] ?? '').size > 0),
  );
}

// A number or amount before an animal word: 'sewe lammers', 'two lambs', 'nog vyf', 'a few hens' — a count of the
// flock's animals, not the patient.
const COUNTED =
  /(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien|elf|twaalf|twintig|dertig|some|several|a few|many|'n paar|baie|party)\s+$/iu;
// What a predator does to its prey ('caught', 'took', 'killed', 'gevang', 'gevat', 'doodgebyt').
const PREYS_ON =
  /(?<![\p{L}])(?:caught|catches|catch|took|takes|taken|killed|kills|ate|eaten|got|grabbed|vang|gevang|vat|gevat|gevreet|opgevreet|doodgebyt|doodgemaak|gegryp|gesteel|stole)(?![\p{L}])/iu;

/**
 * A wild animal's kill of the flock's animals, counted ('die jakkalse het verlede maand sewe lammers gevat', 'a
 * caracal took two lambs last week'): losses to a predator, not a sign in the animal being seen — someone else's
 * story, though the prey is of the patient's kind. Not the patient bitten or chased ('a jackal bit her'), which
 * counts nothing. Where the predator is first named, or -1.
 */
export function predatorsKillAt(text: string): number {
  let predator = -1;
  let counted = false;
  for (const match of findTerms(animalMatcher().pattern, text)) {
    const kinds = kindsOfWord(match.text);
    if (kinds.includes('wildlife')) {
      if (predator < 0) predator = match.index;
    } else if (
      predator >= 0 &&
      kinds.length > 0 &&
      COUNTED.test(text.slice(Math.max(0, match.index - 16), match.index))
    )
      counted = true;
  }
  return counted && PREYS_ON.test(text.slice(predator)) ? predator : -1;
}
