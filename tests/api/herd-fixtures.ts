/** Shared by the herd-visit API tests: a herd visit's multipart save form. */
import type { HerdVisitNotes } from '#shared/schemas/herd.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

const notes = (objective: string, plan = '') => ({ subjective: '', objective, assessment: '', plan });

/** A small flock visit: group note and treatment, two ewes and the ram. */
export function sampleHerd(overrides: Partial<HerdVisitNotes> = {}): HerdVisitNotes {
  return {
    groupName: 'Kamp 3 ooie',
    animalCount: 120,
    group: {
      notes: { ...notes('Faecal egg count 4800 epg'), subjective: 'Losing condition for three weeks' },
      treatments: [
        { product: 'closantel', dose: '10 mg/kg', route: 'PO', animalCount: 120, batchNumber: 'CL2291' },
      ],
    },
    animals: [
      {
        key: 'tag:231',
        tag: '231',
        kind: 'Ewe',
        notes: notes('FAMACHA 4, bottle jaw'),
        treatments: [],
      },
      {
        key: 'tag:245',
        tag: '245',
        kind: 'Ewe',
        notes: notes('FAMACHA 5, weak'),
        treatments: [{ product: 'oxytetracycline', dose: '20 mg/kg', route: 'IM', animalCount: 1 }],
      },
      { key: 'kind:ram', tag: '', kind: 'Ram', notes: notes('Testes normal'), treatments: [] },
    ],
    ...overrides,
  };
}

/** The form POST /api/herd-visits takes: the visit's audio and the save-upload fields plus `herd`. */
export function herdForm(
  seed: number,
  herd: HerdVisitNotes = sampleHerd(),
  overrides: Record<string, unknown> = {},
): FormData {
  const form = new FormData();
  form.append(
    'audio',
    new Blob([Buffer.from(fakeAudio('webm', 2000, seed))], { type: 'audio/webm' }),
    'visit.webm',
  );
  const base = saveBody(new Uint8Array(0), {
    patientName: 'Kamp 3 ooie',
    species: 'Sheep',
    clientName: 'Graham Botha',
    consultationType: 'Herd Visit',
    ...overrides,
  });
  const { audioData: _audio, ...metadata } = base;
  form.append('metadata', JSON.stringify({ ...metadata, herd }));
  return form;
}
