/**
 * The herd review's edits (issue 20), as pure functions of the split: merge two animals (the engine took
 * one animal for two), split lines off into a new animal (it took two for one), rename, fix a tag, add an
 * animal, and edit an entry's notes. Every function returns a new split and never changes its input.
 */
import {
  earTagSchema,
  tagKey,
  type HerdAnimal,
  type HerdNotes,
  type HerdTreatment,
  type HerdVisitNotes,
} from '#shared/schemas/herd';
import { treatmentsFollowingPlan } from '#shared/notes/herd-treatments';

export const HERD_SECTIONS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type HerdSection = (typeof HERD_SECTIONS)[number];
export const SECTION_TITLES: Record<HerdSection, string> = {
  subjective: 'History',
  objective: 'Findings',
  assessment: 'Assessment',
  plan: 'Plan',
};

/** The group entry, addressed like an animal in the edit functions. */
export const GROUP_KEY = 'group';

export type HerdEditResult = { ok: true; visit: HerdVisitNotes } | { ok: false; error: string };

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const joinNotes = (a: HerdNotes, b: HerdNotes): HerdNotes => ({
  subjective: [...lines(a.subjective), ...lines(b.subjective)].join('\n'),
  objective: [...lines(a.objective), ...lines(b.objective)].join('\n'),
  assessment: [...lines(a.assessment), ...lines(b.assessment)].join('\n'),
  plan: [...lines(a.plan), ...lines(b.plan)].join('\n'),
});

function findIndex(visit: HerdVisitNotes, key: string): number {
  return visit.animals.findIndex((animal) => animal.key === key);
}

/** A key not used in this visit. */
export function newAnimalKey(visit: HerdVisitNotes): string {
  const used = new Set(visit.animals.map((animal) => animal.key));
  let n = visit.animals.length + 1;
  while (used.has(`added:${n}`)) n += 1;
  return `added:${n}`;
}

/** Checks a tag as typed: the server's rule, and not another animal's tag in this visit. */
export function tagProblem(visit: HerdVisitNotes, key: string, tag: string): string | null {
  const trimmed = tag.trim();
  if (!earTagSchema.safeParse(trimmed).success)
    return 'A tag may hold letters, digits, spaces, dots, slashes and dashes';
  if (trimmed === '') return null;
  const other = visit.animals.find(
    (animal) => animal.key !== key && animal.tag && tagKey(animal.tag) === tagKey(trimmed),
  );
  return other ? `Another animal already has tag ${other.tag}: merge them instead` : null;
}

export function setTag(visit: HerdVisitNotes, key: string, tag: string): HerdEditResult {
  const index = findIndex(visit, key);
  if (index < 0) return { ok: false, error: 'No such animal' };
  const problem = tagProblem(visit, key, tag);
  if (problem) return { ok: false, error: problem };
  const animals = visit.animals.map((animal) =>
    animal.key === key ? { ...animal, tag: tag.trim() } : animal,
  );
  return { ok: true, visit: { ...visit, animals } };
}

/** Kind ('Ewe') and name ('Bella'); empty text clears either. */
export function renameAnimal(
  visit: HerdVisitNotes,
  key: string,
  names: { kind?: string; name?: string },
): HerdVisitNotes {
  const animals = visit.animals.map((animal) => {
    if (animal.key !== key) return animal;
    const next: HerdAnimal = { ...animal };
    if (names.kind !== undefined) {
      if (names.kind.trim()) next.kind = names.kind.trim();
      else delete next.kind;
    }
    if (names.name !== undefined) {
      if (names.name.trim()) next.name = names.name.trim();
      else delete next.name;
    }
    return next;
  });
  return { ...visit, animals };
}

/** `from` joins `into`: its notes follow into's, its treatments too; into keeps its tag and name. */
export function mergeAnimals(visit: HerdVisitNotes, fromKey: string, intoKey: string): HerdEditResult {
  if (fromKey === intoKey) return { ok: false, error: 'Choose another animal to merge with' };
  const from = visit.animals.find((animal) => animal.key === fromKey);
  const into = visit.animals.find((animal) => animal.key === intoKey);
  if (!from || !into) return { ok: false, error: 'No such animal' };
  const merged: HerdAnimal = {
    ...into,
    notes: joinNotes(into.notes, from.notes),
    treatments: [...into.treatments, ...from.treatments],
  };
  const animals = visit.animals
    .filter((animal) => animal.key !== fromKey)
    .map((animal) => (animal.key === intoKey ? merged : animal));
  return { ok: true, visit: { ...visit, animals } };
}

export interface LineRef {
  section: HerdSection;
  /** 0-based among the section's non-empty lines. */
  index: number;
}

/**
 * Moves the chosen lines of an animal into a new animal with `tag`, placed after it. Treatments stay with
 * the source unless the lines moved are all of its Plan (then they go along).
 */
export function splitAnimal(
  visit: HerdVisitNotes,
  key: string,
  moved: LineRef[],
  tag: string,
  kind?: string,
): HerdEditResult {
  const index = findIndex(visit, key);
  const source = visit.animals[index];
  if (!source) return { ok: false, error: 'No such animal' };
  if (moved.length === 0) return { ok: false, error: 'Choose the lines that belong to the other animal' };
  const newKey = newAnimalKey(visit);
  const problem = tagProblem(visit, newKey, tag);
  if (problem) return { ok: false, error: problem };
  const keep: HerdNotes = { subjective: '', objective: '', assessment: '', plan: '' };
  const take: HerdNotes = { subjective: '', objective: '', assessment: '', plan: '' };
  for (const section of HERD_SECTIONS) {
    const all = lines(source.notes[section]);
    const chosen = new Set(moved.filter((ref) => ref.section === section).map((ref) => ref.index));
    keep[section] = all.filter((_, i) => !chosen.has(i)).join('\n');
    take[section] = all.filter((_, i) => chosen.has(i)).join('\n');
  }
  const planMoved = lines(source.notes.plan).length > 0 && keep.plan === '';
  const created: HerdAnimal = {
    key: newKey,
    tag: tag.trim(),
    ...((kind ?? source.kind) ? { kind: kind ?? source.kind } : {}),
    notes: take,
    treatments: planMoved ? source.treatments : [],
  };
  const kept: HerdAnimal = { ...source, notes: keep, treatments: planMoved ? [] : source.treatments };
  const animals = [...visit.animals];
  animals.splice(index, 1, kept, created);
  return { ok: true, visit: { ...visit, animals } };
}

export function addAnimal(visit: HerdVisitNotes, tag: string, kind?: string): HerdEditResult {
  const key = newAnimalKey(visit);
  const problem = tagProblem(visit, key, tag);
  if (problem) return { ok: false, error: problem };
  if (!tag.trim() && !kind?.trim()) return { ok: false, error: 'Give the animal a tag or a kind' };
  const animal: HerdAnimal = {
    key,
    tag: tag.trim(),
    ...(kind?.trim() ? { kind: kind.trim() } : {}),
    notes: { subjective: '', objective: '', assessment: '', plan: '' },
    treatments: [],
  };
  return { ok: true, visit: { ...visit, animals: [...visit.animals, animal] } };
}

/** Replaces one section's text of the group (GROUP_KEY) or an animal. */
export function setNotes(
  visit: HerdVisitNotes,
  key: string,
  section: HerdSection,
  text: string,
): HerdVisitNotes {
  const follow = (treatments: HerdTreatment[], perAnimal: boolean) =>
    section === 'plan'
      ? treatmentsFollowingPlan(treatments, text, {
          perAnimal,
          ...(visit.animalCount ? { groupSize: visit.animalCount } : {}),
        })
      : treatments;
  if (key === GROUP_KEY)
    return {
      ...visit,
      group: {
        notes: { ...visit.group.notes, [section]: text },
        treatments: follow(visit.group.treatments, false),
      },
    };
  return {
    ...visit,
    animals: visit.animals.map((animal) =>
      animal.key === key
        ? {
            ...animal,
            notes: { ...animal.notes, [section]: text },
            treatments: follow(animal.treatments, true),
          }
        : animal,
    ),
  };
}

/** What a save compares: equal fingerprints mean the split on the server is this one. */
export function herdFingerprint(visit: HerdVisitNotes): string {
  return JSON.stringify(visit);
}

/** The non-empty lines of an animal, in section order, for the split dialog. */
export function animalLines(animal: HerdAnimal): Array<LineRef & { text: string }> {
  return HERD_SECTIONS.flatMap((section) =>
    lines(animal.notes[section]).map((text, index) => ({ section, index, text })),
  );
}
