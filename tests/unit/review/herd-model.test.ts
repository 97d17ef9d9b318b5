import { describe, expect, it } from 'vitest';
import { HerdVisitNotesSchema, animalLabel, type HerdVisitNotes } from '#shared/schemas/herd';
import {
  GROUP_KEY,
  addAnimal,
  animalLines,
  herdFingerprint,
  mergeAnimals,
  renameAnimal,
  setNotes,
  setTag,
  splitAnimal,
} from '../../../web/src/features/review/herd/herd-model';
import { buildHerdSaveMetadata } from '../../../web/src/features/review/herd/herd-save';

const empty = { subjective: '', objective: '', assessment: '', plan: '' };
const visit: HerdVisitNotes = {
  groupName: 'Kamp 3 ooie',
  animalCount: 120,
  group: { notes: { ...empty, subjective: 'Losing condition' }, treatments: [] },
  animals: [
    {
      key: 'tag:231',
      tag: '231',
      kind: 'Ewe',
      notes: { ...empty, objective: 'FAMACHA 4\nBottle jaw', plan: 'Oxytetracycline 20 mg/kg IM' },
      treatments: [{ product: 'oxytetracycline', dose: '20 mg/kg', route: 'IM', animalCount: 1 }],
    },
    {
      key: 'tag:232',
      tag: '232',
      kind: 'Ewe',
      notes: { ...empty, objective: 'Lame left fore' },
      treatments: [],
    },
  ],
};
const labels = (v: HerdVisitNotes) => v.animals.map((a) => animalLabel(a));
const ok = <T extends { ok: boolean }>(result: T) => {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as T & { visit: HerdVisitNotes }).visit;
};

describe('herd review model', () => {
  it('fixes a tag, and refuses one another animal has or one the server would refuse', () => {
    expect(labels(ok(setTag(visit, 'tag:231', ' 213 ')))).toEqual(['Ewe 213', 'Ewe 232']);
    expect(setTag(visit, 'tag:231', '232')).toEqual({
      ok: false,
      error: 'Another animal already has tag 232: merge them instead',
    });
    expect(setTag(visit, 'tag:231', '<b>').ok).toBe(false);
    // The input is never changed.
    expect(visit.animals[0]?.tag).toBe('231');
  });

  it('renames kind and name, and clears them with empty text', () => {
    const named = renameAnimal(visit, 'tag:232', { name: 'Bella', kind: 'Ooi' });
    expect(labels(named)[1]).toBe('Bella (Ooi 232)');
    expect(labels(renameAnimal(named, 'tag:232', { name: '', kind: '' }))[1]).toBe('232');
  });

  it('merges one animal into another: notes and treatments follow, the other card goes', () => {
    const merged = ok(mergeAnimals(visit, 'tag:232', 'tag:231'));
    expect(labels(merged)).toEqual(['Ewe 231']);
    expect(merged.animals[0]?.notes.objective).toBe('FAMACHA 4\nBottle jaw\nLame left fore');
    expect(merged.animals[0]?.treatments).toHaveLength(1);
    expect(mergeAnimals(visit, 'tag:231', 'tag:231').ok).toBe(false);
  });

  it('splits chosen lines off into a new animal placed after the source', () => {
    const split = ok(splitAnimal(visit, 'tag:231', [{ section: 'objective', index: 1 }], '240'));
    expect(labels(split)).toEqual(['Ewe 231', 'Ewe 240', 'Ewe 232']);
    expect(split.animals[0]?.notes.objective).toBe('FAMACHA 4');
    expect(split.animals[1]?.notes.objective).toBe('Bottle jaw');
    // The Plan stayed, so the treatment stays with the source.
    expect(split.animals[0]?.treatments).toHaveLength(1);
    expect(split.animals[1]?.treatments).toHaveLength(0);
    const planMoved = ok(splitAnimal(visit, 'tag:231', [{ section: 'plan', index: 0 }], '241'));
    expect(planMoved.animals[1]?.treatments).toHaveLength(1);
    expect(splitAnimal(visit, 'tag:231', [], '240').ok).toBe(false);
    expect(splitAnimal(visit, 'tag:231', [{ section: 'objective', index: 0 }], '232').ok).toBe(false);
    expect(animalLines(visit.animals[0]!).map((l) => l.text)).toEqual([
      'FAMACHA 4',
      'Bottle jaw',
      'Oxytetracycline 20 mg/kg IM',
    ]);
  });

  it('adds an animal with a fresh key, and edits group and animal notes', () => {
    const added = ok(addAnimal(visit, '260', 'Ewe'));
    expect(labels(added)).toEqual(['Ewe 231', 'Ewe 232', 'Ewe 260']);
    expect(new Set(added.animals.map((a) => a.key)).size).toBe(3);
    expect(addAnimal(visit, '231', 'Ewe').ok).toBe(false);
    expect(addAnimal(visit, '', '').ok).toBe(false);
    expect(setNotes(visit, GROUP_KEY, 'plan', 'Recheck in 14 days').group.notes.plan).toBe(
      'Recheck in 14 days',
    );
    expect(setNotes(visit, 'tag:232', 'assessment', 'Foot rot').animals[1]?.notes.assessment).toBe(
      'Foot rot',
    );
    expect(herdFingerprint(visit)).not.toBe(herdFingerprint(setNotes(visit, 'tag:232', 'plan', 'x')));
    // Every edit keeps a split the server accepts.
    expect(HerdVisitNotesSchema.safeParse(added).success).toBe(true);
  });

  it("keeps an entry's treatments in step with its edited plan, which the withdrawal slip is made from", () => {
    // A product the recogniser missed and the vet wrote into the group plan becomes a group treatment.
    const written = setNotes(
      visit,
      GROUP_KEY,
      'plan',
      'Recheck in 14 days\nAll the ewes get closantel 10 mg/kg PO.',
    );
    expect(written.group.treatments).toEqual([
      expect.objectContaining({ product: 'closantel', dose: '10 mg/kg', route: 'PO', animalCount: 120 }),
    ]);
    // Other sections leave the treatments alone.
    expect(setNotes(visit, 'tag:231', 'objective', 'FAMACHA 5').animals[0]?.treatments).toEqual(
      visit.animals[0]?.treatments,
    );
    // A treatment stays as the split read it while the plan still names its product, in any wording...
    const reworded = setNotes(visit, 'tag:231', 'plan', 'Long-acting oxytetracycline given; recheck Friday');
    expect(reworded.animals[0]?.treatments).toEqual(visit.animals[0]?.treatments);
    // ...and goes when the vet deletes it from the plan.
    expect(setNotes(visit, 'tag:231', 'plan', 'Recheck Friday').animals[0]?.treatments).toEqual([]);
    // A plan for later is not a treatment given.
    expect(
      setNotes(visit, 'tag:232', 'plan', 'If she is still lame next week, give penicillin 10 mg/kg IM.')
        .animals[1]?.treatments,
    ).toEqual([]);
    expect(HerdVisitNotesSchema.safeParse(written).success).toBe(true);
  });

  it('builds the save metadata: the group note as the visit, Herd Visit, Farm Mode, the split', () => {
    const metadata = buildHerdSaveMetadata(
      {
        audioBlob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
        recordingStartTime: '2025-03-01T08:30:00.000Z',
        recordingTime: 300,
        preConsultationData: { clientName: 'Graham Botha', species: 'Sheep', consultationType: 'Herd Visit' },
        transcript: 'Ewe 231 has bottle jaw.',
      },
      visit,
    );
    expect(metadata).toMatchObject({
      patientName: 'Kamp 3 ooie',
      clientName: 'Graham Botha',
      consultationType: 'Herd Visit',
      isFarmMode: true,
      soapNotes: { subjective: 'Losing condition' },
      herd: visit,
    });
  });
});
