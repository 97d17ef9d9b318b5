/**
 * Multi-animal visits: findings and treatments keep the animal they belong to. An utterance naming an animal
 * by ear tag or number ('Cow 812', 'oorplaatjie 214', 'kid number 56', 'ram 7', 'die ooi, 0512' — and later the
 * bare tag, 'vir 0512 gee ek…', once its animal has been named, or its kind alone, 'the bull', 'die koei se oog', when
 * the visit has one tagged animal of that kind) makes it the animal in scope — also when that
 * utterance made no bullet ('Last one is the heifer, 5127.') — until another is named, a herd-level statement
 * is made ('the whole flock', 'die hele kudde'), other animals are spoken of outside the owner's history, or a
 * spoken section header starts a new part of the dictation. On a visit with two or more named animals, Objective,
 * Assessment and Plan bullets in an animal's scope are grouped per animal: 'Cow 812 — BCS 2/5; lame left hind';
 * Subjective ones only in the turn that names the animal ('The ram, 0877. I felt a lump on one testicle.'): the
 * owner's history is otherwise of the group. Animals the vet listed by name before the visit ('Perde (Vonkel,
 * Kolletjie, Generaal)') are named by those names the same way ('Kolletjie se temperatuur is 40,2').
 */
import type { DraftBullet } from './bullets';
import { contentTokens, escapeRegExp } from './text';

// Linear: each alternative is a bounded word followed by a bounded number; no nested quantifiers.
const ANIMAL_ID =
  /(?<![\p{L}\d])(?:(cow|koei|ewe|ooi|ram|bull|bul|heifer|vers|calf|kalf|kid|lam|lamb|goat|bok|bokkie|sow|sog|gilt|pig|vark|hen|horse|perd|mare|merrie|steer|os|dog|hond|cat|kat|animal|dier)(?:\s{0,2}[,:])?\s{1,3}(?:(?:number|nommer|nr\.?|#)\s{0,3})?(\d{1,6})|(ear ?tag|oorplaatjie|oormerk|tag|number|nommer|nr\.?)\s{0,3}(?:(?:number|nommer|nr\.?)\s{0,3})?(\d{1,6}))(?![\d.,]\d|\d|\s?(?:kg|%|mg|ml|days?|dae|weeks?|weke|hours?|ure|uur|min))/giu;
const HERD_LEVEL =
  /(?<![\p{L}])(?:whole (?:herd|flock|group|mob)|all (?:the )?(?:cows|ewes|sheep|goats|kids|calves|animals|birds|pigs)|the rest of the (?:herd|flock)|die hele (?:kudde|trop|klomp)|al die (?:koeie|ooie|skape|bokke|lammers|kalwers|diere|varke))(?![\p{L}])/iu;
// Other animals or the whole group spoken of without a tag: the tagged animal is no longer the subject.
const GROUP_NOUNS =
  /(?<![\p{L}])(?:piglets?|calves|lambs|kids|ewes|cows|sows|heifers|bulls|rams|goats|sheep|pigs|horses|dogs|cats|hens|chickens|birds|flock|herd|group|litter|kalwers|lammers|lampies|bokke|bokkies|varke|varkies|koeie|ooie|skape|verse|perde|honde|katte|hoenders|trop|kudde|werpsel)(?![\p{L}])/iu;
const ONE_OF_THEM =
  /(?<![\p{L}])(?:one|een|either|neither)\s+(?:of|van)\s+(?:the|die|my|our|ons|those|daardie)?\s*(?:[\p{L}-]+\s+)?[\p{L}-]+/giu;
// The animal's own young ('ek wil haar nog twee kalwers laat grootmaak', 'her lambs are strong'): still about her.
// …and twins, which only one dam carries ('daai twee lammers trek al die energie', 'the twin lambs are fine').
const OWN_YOUNG =
  /(?<![\p{L}])(?:(?:her|his|its|she|haar|sy)\s+(?:[\p{L}-]+\s+){0,4}?(?:calves|lambs|kids|piglets|foals|kalwers|lammers|lampies|bokkies|varkies|vulle|kleintjies)|(?:two|twee|twin|tweeling)\s+(?:lambs|kids|lammers|lammetjies|lampies|bokkies)|twins|tweeling)(?![\p{L}])/giu;
const HEADER_START =
  /^\s*(?:plan|assessment|assessering|diagnosis|diagnose|treatment|behandeling|findings|bevindinge|on examination|by ondersoek)\b/iu;

const DISPLAY: Record<string, string> = {
  'ear tag': 'Tag',
  eartag: 'Tag',
  tag: 'Tag',
  oorplaatjie: 'Oorplaatjie',
  oormerk: 'Oormerk',
  number: 'No.',
  nommer: 'Nr.',
  nr: 'Nr.',
  'nr.': 'Nr.',
};

/** The animal an utterance names, as a display label ('Cow 812', 'Koei 1123', 'Tag 214'), or null. */
export function animalIdIn(text: string): string | null {
  ANIMAL_ID.lastIndex = 0;
  const match = ANIMAL_ID.exec(text);
  ANIMAL_ID.lastIndex = 0;
  if (!match) return null;
  const kind = (match[1] ?? match[3] ?? '').toLowerCase().replace(/\s+/gu, ' ');
  const number = match[2] ?? match[4] ?? '';
  const label = DISPLAY[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
  return `${label} ${number}`;
}

/**
 * Tags of three or more digits named with their kind anywhere in the visit ('ooi 0512' → '0512' → 'Ooi 0512'),
 * numbers read with a leading zero, which only tags are ('0457' → 'Tag 0457'), and, on a visit with a tag, four- to
 * six-digit numbers said more than once without a unit ('3316' → 'Tag 3316').
 */
function namedTags(transcript: string): Map<string, string> {
  const tags = new Map<string, string>();
  ANIMAL_ID.lastIndex = 0;
  for (const match of transcript.matchAll(ANIMAL_ID)) {
    const label = animalIdIn(match[0]);
    const number = match[2] ?? match[4] ?? '';
    if (label && number.length >= MIN_BARE_TAG_DIGITS && !tags.has(number)) tags.set(number, label);
  }
  ANIMAL_ID.lastIndex = 0;
  // A number read with its leading zero ('0457, the old grey one') is an ear tag, kind or no kind.
  for (const match of transcript.matchAll(LEADING_ZERO_TAG)) {
    if (!tags.has(match[0])) tags.set(match[0], `Tag ${match[0]}`);
  }
  // So is a four- to six-digit number said again and again with no unit, once one animal has a tag ('First, 3316.' …
  // 'Okay, 3316 first.' … 'to see 3316'): no count, price or year is repeated like that.
  if (tags.size > 0) {
    const seen = new Map<string, number>();
    for (const match of transcript.matchAll(REPEATED_TAG)) seen.set(match[0], (seen.get(match[0]) ?? 0) + 1);
    for (const [number, times] of seen) {
      if (times >= 2 && !YEAR.test(number) && !tags.has(number)) tags.set(number, `Tag ${number}`);
    }
  }
  return tags;
}

// A number followed by a unit is a quantity ('1500 kg', '2000 litres', '0800 h'), never a tag.
const UNIT_AFTER = String.raw`\s?(?:kg|%|mg|ml|g|l|cm|mm|km|ha|iu|ie|h|hrs?|uur|rand|litres?|liters?|units?|eenhede|bales?|koppe|head)(?![\p{L}])`;
const REPEATED_TAG = new RegExp(String.raw`(?<![\d.,:]|\bR\s?)\d{4,6}(?!\d|[.,:]\d|${UNIT_AFTER})`, 'gu');
const YEAR = /^(?:19|20)\d{2}$/u;
const LEADING_ZERO_TAG = new RegExp(String.raw`(?<![\d.,:])0\d{2,5}(?!\d|[.,:]\d|${UNIT_AFTER})`, 'gu');

/** The same kind of animal in English and Afrikaans: 'the bull' and 'die bul' are one kind. */
const KIND_OF: Record<string, string> = {
  cow: 'cow',
  koei: 'cow',
  bull: 'bull',
  bul: 'bull',
  heifer: 'heifer',
  vers: 'heifer',
  calf: 'calf',
  kalf: 'calf',
  ewe: 'ewe',
  ooi: 'ewe',
  ram: 'ram',
  lamb: 'lamb',
  lam: 'lamb',
  goat: 'goat',
  bok: 'goat',
  sow: 'sow',
  sog: 'sow',
  horse: 'horse',
  perd: 'horse',
  mare: 'mare',
  merrie: 'mare',
  steer: 'steer',
  os: 'steer',
};
// 'the bull', 'die koei se oog', 'that heifer': one animal by its kind, with no tag after it.
const KIND_ONLY = new RegExp(
  String.raw`(?<![\p{L}])(?:the|die|that|daardie|this|hierdie)\s+(${Object.keys(KIND_OF).join('|')})(?![\p{L}])(?!\s{0,2}[,:]?\s{0,3}(?:(?:number|nommer|nr\.?|#)\s{0,3})?\d)`,
  'giu',
);

/** Where the transcript first names each tagged animal by its tag, in order. */
function firstNamings(tags: Map<string, string>, transcript: string): Array<{ label: string; from: number }> {
  const firsts: Array<{ label: string; from: number }> = [];
  for (const [number, label] of tags) {
    const tag = new RegExp(String.raw`(?<![\d.,])${number}(?!\d)`, 'u').exec(transcript);
    if (tag) firsts.push({ label, from: tag.index });
  }
  return firsts.sort((x, y) => x.from - y.from);
}

/** The visit's tagged animals by kind: the one of each kind it has exactly one of, and where each is first named. */
interface Kinds {
  only: Map<string, string>;
  firsts: Array<{ label: string; from: number }>;
}

/**
 * The tagged animal of each kind when the visit has exactly one of that kind ('bul 4107' → the bull is Bul 4107):
 * then 'the bull' or 'die bul' names it as surely as its tag — once its tag has been said, or when it is the next
 * animal the visit names by tag ('En die vers? … Heifer 0612, two years'). Said before another animal is named,
 * the kind is not yet that animal ('ek gee haar dexamethasone om die lam te laat kom … nommer twee is die ram, 7155
 * … laaste, die lam, 7198': the ewe's own unborn lamb); nor is a young one ('the lamb', 'die kalf') said while
 * another animal is in scope before its own tag has been said: that is the animal in scope's own young ('ek sal
 * haar ná die lam uitskot' of a ewe, with lamb 5108 named next).
 */
function onlyOfKind(tags: Map<string, string>, transcript: string): Kinds {
  const byKind = new Map<string, string | null>();
  for (const label of new Set(tags.values())) {
    const kind = KIND_OF[label.slice(0, label.lastIndexOf(' ')).toLowerCase()];
    if (!kind) continue;
    byKind.set(kind, byKind.has(kind) ? null : label);
  }
  const only = new Map<string, string>();
  for (const [kind, label] of byKind) if (label) only.set(kind, label);
  return { only, firsts: only.size > 0 ? firstNamings(tags, transcript) : [] };
}

/** The kinds that are another's young: said of a dam in scope, her own. */
const YOUNG_KINDS = new Set(['lamb', 'calf']);

/**
 * Whether `label` (of `kind`) is named by its tag before `at`, or is the next animal named by tag after it — not for
 * a young one while another animal is in scope.
 */
function introducedBy(
  kinds: Kinds,
  label: string,
  kind: string,
  at: number,
  current: string | null,
): boolean {
  const next = kinds.firsts.find((first) => first.from > at || first.label === label);
  if (next?.label !== label) return false;
  return next.from < at || current === null || current === label || !YOUNG_KINDS.has(kind);
}

/**
 * The animal a stretch (starting at `offset` in the transcript) names by its kind alone, when the visit has one
 * tagged animal of that kind (see onlyOfKind); else null.
 */
function kindOnlyIn(
  text: string,
  kinds: Kinds,
  offset: number,
  current: string | null,
): { index: number; label: string } | null {
  if (kinds.only.size === 0) return null;
  let last: { index: number; label: string } | null = null;
  for (const match of text.matchAll(KIND_ONLY)) {
    const kind = KIND_OF[(match[1] ?? '').toLowerCase()] ?? '';
    const label = kinds.only.get(kind);
    if (label && introducedBy(kinds, label, kind, offset + match.index, current))
      last = { index: match.index, label };
  }
  return last;
}

/** A tag said on its own once its animal is known ('Vir 0512 gee ek…', '0877: alleen in 'n kamp'). */
function bareTagIn(text: string, tags: Map<string, string>): string | null {
  if (tags.size === 0) return null;
  for (const match of text.matchAll(BARE_NUMBER)) {
    const label = tags.get(match[0]);
    if (label) return label;
  }
  return null;
}

/** Words of a patient field that name a group or a kind, not an animal ('Perde', 'Koeie', 'Horses'). */
const NOT_A_NAME =
  /^(?:the|die|and|en|herd|flock|group|kudde|trop|perde|horses|koeie|cows|cattle|beeste|skape|sheep|bokke|goats|honde|dogs|katte|cats|varke|pigs|calves|kalwers|lammers|lambs)$/iu;

/**
 * The animals a patient field lists by name ('Perde (Vonkel, Kolletjie, Generaal)', 'Koeie: Bles en Witkop',
 * 'Bella & Max'): single capitalised words, two or more, tags and kinds left out. [] when it names one animal or none.
 */
export function namesListed(patientName: string | undefined): string[] {
  if (!patientName) return [];
  const inner = /\(([^)]*)\)/u.exec(patientName)?.[1] ?? /:(.*)$/u.exec(patientName)?.[1] ?? patientName;
  const names = inner
    .split(/\s*(?:,|;|\/|&|\+|(?<![\p{L}])(?:and|en)(?![\p{L}]))\s*/u)
    .map((part) => part.trim())
    .filter((part) => /^\p{Lu}[\p{L}'-]{1,30}$/u.test(part) && !NOT_A_NAME.test(part));
  return names.length >= 2 ? [...new Set(names)] : [];
}

/**
 * Finds the listed names as whole words, with their capital where the transcript has capitals at all (a name is
 * then no common word: 'Generaal', 'Max'); in a recogniser's all-lower-case text, in any case.
 */
function listedNamesIn(names: readonly string[], transcript: string): ListedNames | null {
  if (names.length === 0) return null;
  const flags = /\p{Lu}/u.test(transcript) ? 'gu' : 'giu';
  const byLowerCase = new Map(names.map((name) => [name.toLowerCase(), name]));
  return {
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${names.map(escapeRegExp).join('|')})(?![\p{L}])`, flags),
    written: (heard) => byLowerCase.get(heard.toLowerCase()) ?? heard,
  };
}

interface ListedNames {
  pattern: RegExp;
  /** The name as the patient field spells it. */
  written: (heard: string) => string;
}

/** The first listed name in a stretch of speech, as the vet wrote it, or null. */
function nameIn(text: string, names: ListedNames | null): string | null {
  if (!names) return null;
  names.pattern.lastIndex = 0;
  const match = names.pattern.exec(text);
  names.pattern.lastIndex = 0;
  return match ? names.written(match[0]) : null;
}

/** A bare number is a tag only if it is this long: 'twee' or '12' is far more often a count or a dose. */
const MIN_BARE_TAG_DIGITS = 3;
const BARE_NUMBER = new RegExp(String.raw`(?<![\d.,])\d{3,6}(?!\d|[.,]\d|${UNIT_AFTER})`, 'gu');

function numberOf(label: string): string {
  return label.slice(label.lastIndexOf(' ') + 1);
}

const MAX_GROUP_WORDS = 35;
const wordCount = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/**
 * Sets `animal` on the drafts in an animal's scope (see the module comment); only on a visit where two or more
 * animals are named, and on Subjective only within the turn that names the animal. Linear in the drafts.
 */
export function assignAnimals(drafts: DraftBullet[], transcript: string, listedNames: string[] = []): void {
  const owners: Array<string | null> = [];
  const named = new Set<string>();
  const tags = namedTags(transcript);
  const names = listedNamesIn(listedNames, transcript);
  const kinds = onlyOfKind(tags, transcript);
  let current: string | null = null;
  let mixed = false;
  let lastSource = -1;
  let scanned = 0;
  const turnNamesAnimal: boolean[] = [];
  let inNamingTurn = false;
  let namedUntil = -1;
  for (const draft of drafts) {
    const first = draft.context ?? draft.spans[0];
    if (first && first.start !== lastSource) {
      const bounds = sentenceBounds(transcript, first.start, first.end);
      // An animal announced in words that made no bullet ('Die laaste een is die lam, 1340.') is still the next
      // animal spoken of.
      if (bounds.from > scanned) {
        const announced = lastIdIn(
          transcript.slice(scanned, bounds.from),
          tags,
          names,
          kinds,
          scanned,
          current,
        );
        if (announced) {
          current = announced.label;
          named.add(numberOf(announced.label));
          namedUntil = lineEndAfter(transcript, scanned + announced.index);
        }
      }
      scanned = Math.max(scanned, bounds.to);
      const source = transcript.slice(bounds.from, bounds.to);
      const id: string | null =
        animalIdIn(source) ??
        bareTagIn(source, tags) ??
        nameIn(source, names) ??
        kindOnlyIn(source, kinds, bounds.from, current)?.label ??
        null;
      // The owner's history stays with the animal it names until the end of that turn (line).
      if (id) namedUntil = lineEndAfter(transcript, bounds.from);
      inNamingTurn = first.start < namedUntil;
      // ('One of the early ewes had him' is one animal, the lamb's mother, and 'her calves' are hers: no statement
      // about the group.)
      const group = GROUP_NOUNS.test(source.replace(ONE_OF_THEM, ' ').replace(OWN_YOUNG, ' '));
      mixed = false;
      if (id) {
        current = id;
        named.add(numberOf(id));
        // 'Scours in the piglets and mastitis in sow 44': about more than the tagged animal.
        mixed = group;
        // (The owner's history may speak of the animal's own young: 'sy het 'n tweeling gelam, en die lammers huil'.)
      } else if ((group && draft.section !== 'S') || HERD_LEVEL.test(source) || HEADER_START.test(source))
        current = null;
      lastSource = first.start;
    }
    owners.push(mixed ? null : current);
    turnNamesAnimal.push(inNamingTurn);
  }
  if (named.size < 2) return;
  drafts.forEach((draft, i) => {
    const owner = owners[i];
    if (!owner || (draft.section === 'S' && !turnNamesAnimal[i])) return;
    draft.animal = owner;
    if (draft.text.includes(numberOf(owner))) draft.text = stripOwner(draft.text, owner);
  });
}

/**
 * Bullets of one animal in a row in the same section become one line, 'Cow 812 — BCS 2/5; lame left hind'
 * (up to MAX_GROUP_WORDS words; a longer run starts a new line with the animal again).
 */
export function formatAnimalGroups(drafts: DraftBullet[]): DraftBullet[] {
  const out: DraftBullet[] = [];
  const open = new Map<string, { owner: string; bullet: DraftBullet }>();
  for (const draft of drafts) {
    const owner = draft.animal;
    // 'Ewe 204 first', 'Next, ewe 377': the line only says which animal comes next, which its group shows.
    if (owner && announcesOnly(draft.text)) continue;
    if (!owner) {
      out.push(draft);
      open.delete(draft.section);
      continue;
    }
    const group = open.get(draft.section);
    if (
      group &&
      group.owner === owner &&
      wordCount(group.bullet.text) + wordCount(draft.text) <= MAX_GROUP_WORDS
    ) {
      group.bullet.text = `${group.bullet.text}; ${lowerFirst(draft.text)}`;
      group.bullet.spans.push(...draft.spans);
      continue;
    }
    const bullet: DraftBullet = { ...draft, text: `${owner} — ${draft.text}`, spans: [...draft.spans] };
    out.push(bullet);
    open.set(draft.section, { owner, bullet });
  }
  return out;
}

const ANNOUNCING_WORDS = new Set(
  'first next now then lastly finally last okay right and this one eerste volgende nou dan laastens laaste reg die een'.split(
    ' ',
  ),
);

/** Nothing but animal tags and words that move on to the next animal. */
function announcesOnly(text: string): boolean {
  ANIMAL_ID.lastIndex = 0;
  const rest = text.replace(ANIMAL_ID, ' ');
  ANIMAL_ID.lastIndex = 0;
  return contentTokens(rest).every((token) => ANNOUNCING_WORDS.has(token));
}

/** The bullet without a leading mention of its own animal ('Cow 812: BCS 2' → 'BCS 2'). */
function stripOwner(text: string, owner: string): string {
  ANIMAL_ID.lastIndex = 0;
  const match = ANIMAL_ID.exec(text);
  ANIMAL_ID.lastIndex = 0;
  if (!match || match.index > 2 || !match[0].includes(numberOf(owner))) return text;
  const rest = text.slice(match.index + match[0].length).replace(/^[\s:,;.-]+/u, '');
  return contentTokens(rest).length > 0 ? rest.charAt(0).toUpperCase() + rest.slice(1) : text;
}

function lowerFirst(text: string): string {
  // Keep abbreviations and units as spoken ('BCS', 'CMT'); lower only an ordinary capitalised word.
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Where the sentence a span sits in starts and ends (bounded look-around, so the scan stays linear overall). */
function sentenceBounds(text: string, start: number, end: number): { from: number; to: number } {
  const from = Math.max(0, start - 200);
  const to = Math.min(text.length, end + 1);
  const before = text.slice(from, start);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n'), before.lastIndexOf('? '));
  return { from: cut >= 0 ? from + cut + 1 : start, to };
}

function lineEndAfter(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/**
 * The last animal a stretch of speech names (by kind and tag, by a known bare tag, or by a listed name), with where
 * it is named.
 */
function lastIdIn(
  text: string,
  tags: Map<string, string>,
  names: ListedNames | null,
  kinds: Kinds,
  offset: number,
  current: string | null,
): { index: number; label: string } | null {
  let last: { index: number; label: string } | null = kindOnlyIn(text, kinds, offset, current);
  ANIMAL_ID.lastIndex = 0;
  for (const match of text.matchAll(ANIMAL_ID)) {
    const label = animalIdIn(match[0]);
    if (label && (!last || match.index > last.index)) last = { index: match.index, label };
  }
  ANIMAL_ID.lastIndex = 0;
  for (const match of text.matchAll(BARE_NUMBER)) {
    const label = tags.get(match[0]);
    if (label && (!last || match.index > last.index)) last = { index: match.index, label };
  }
  if (names) {
    for (const match of text.matchAll(names.pattern)) {
      if (!last || match.index > last.index) last = { index: match.index, label: names.written(match[0]) };
    }
    names.pattern.lastIndex = 0;
  }
  return last;
}
