import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnimalHistoryResponse,
  HerdVisitResponse,
  SaveHerdVisitResponse,
} from '#shared/schemas/herd.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { herdForm, sampleHerd } from './herd-fixtures.js';

/**
 * Issue 20 §1 over real HTTP on SQLite and PostgreSQL: a herd visit saves one record for the visit and one
 * per animal (parentRecordingId), each animal is found in History by its ear tag, an animal's records
 * across visits at one farm are one call, saving again follows the review (merge, rename, fix a tag), and
 * another practice sees none of it.
 */
describe.each(dialects)('herd visits (%s)', (dialect) => {
  let server: TestServer;
  let api: ApiClient;
  let other: ApiClient;
  let seed = 700;

  async function saveVisit(form: FormData, key?: string): Promise<SaveHerdVisitResponse> {
    const response = await api.request(
      'POST',
      '/api/herd-visits',
      form,
      key ? { 'Idempotency-Key': key } : {},
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SaveHerdVisitResponse;
  }
  const search = async (client: ApiClient, q: string) => {
    const response = await client.get(`/api/recordings/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { recordings: Array<{ id: string; patientName: string }> }).recordings;
  };
  const animalHistory = async (client: ApiClient, farm: string, tag: string) => {
    const response = await client.get(
      `/api/herd-visits/animal-history?farm=${encodeURIComponent(farm)}&tag=${encodeURIComponent(tag)}`,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as AnimalHistoryResponse).records;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = new ApiClient(server.baseUrl);
    await registerUser(api, { practiceName: 'Karoo Vets' });
    other = new ApiClient(server.baseUrl);
    await registerUser(other, { practiceName: 'Other practice' });
  });
  afterAll(async () => server?.close());

  it('saves one record for the visit and one per animal, linked by parent id', async () => {
    const saved = await saveVisit(herdForm((seed += 1)));
    expect(saved.animals.map((a) => [a.patientName, a.animalTag])).toEqual([
      ['Ewe 231', '231'],
      ['Ewe 245', '245'],
      ['Ram', null],
    ]);
    for (const animal of saved.animals) expect(animal.parentRecordingId).toBe(saved.visit.id);
    expect(saved.animals[1]?.treatments).toEqual([
      { product: 'oxytetracycline', dose: '20 mg/kg', route: 'IM', animalCount: 1 },
    ]);
    // The animal's record carries its own notes with the treatment as a Plan line.
    expect(saved.animals[1]?.soapNotes).toMatchObject({
      patientName: 'Ewe 245',
      objective: 'FAMACHA 5, weak',
      plan: 'Oxytetracycline 20 mg/kg IM',
      consultationType: 'Herd Visit',
    });

    const visit = await api.get(`/api/herd-visits/${saved.visit.id}`);
    expect(visit.status).toBe(200);
    const body = (await visit.json()) as HerdVisitResponse;
    expect(body.groupName).toBe('Kamp 3 ooie');
    expect(body.animalCount).toBe(120);
    expect(body.groupTreatments[0]).toMatchObject({
      product: 'closantel',
      batchNumber: 'CL2291',
      animalCount: 120,
    });
    expect(body.visit).toMatchObject({
      consultationType: 'Herd Visit',
      isFarmMode: 1,
      patientName: 'Kamp 3 ooie',
    });
    expect((body.visit.soapNotes as { plan?: string } | null)?.plan).toContain(
      'Closantel 10 mg/kg PO — 120 animals, batch CL2291',
    );
    expect(body.animals.map((a) => a.key)).toEqual(['tag:231', 'tag:245', 'kind:ram']);

    // Each animal is an ordinary record too: readable, with no audio of its own.
    const animal = await api.get(`/api/recordings/${saved.animals[0]!.id}`);
    expect(animal.status).toBe(200);
    expect(
      ((await animal.json()) as { recording: { parentRecordingId: string } }).recording.parentRecordingId,
    ).toBe(saved.visit.id);
    expect((await api.get(`/api/recordings/${saved.animals[0]!.id}/audio`)).status).toBe(404);
    // A recording that is not a herd visit is not one here.
    expect((await api.get(`/api/herd-visits/${saved.animals[0]!.id}`)).status).toBe(404);
  });

  it('finds an animal in History by its ear tag', async () => {
    const found = await search(api, '245');
    expect(found.map((r) => r.patientName)).toContain('Ewe 245');
    // A two-character tag is below the trigram index's length and is still found.
    await saveVisit(
      herdForm(
        (seed += 1),
        sampleHerd({
          animals: [
            { key: 'tag:73', tag: '73', kind: 'Koei', notes: sampleHerd().animals[0]!.notes, treatments: [] },
          ],
        }),
        { clientName: 'Jan van der Merwe', species: 'Cattle' },
      ),
    );
    expect((await search(api, '73')).map((r) => r.patientName)).toContain('Koei 73');
  });

  it("answers 'all records of ewe 231 at this farm' across visits, newest first, and only that farm", async () => {
    const later = await saveVisit(
      herdForm((seed += 1), sampleHerd(), { recordedAt: '2025-06-01T07:00:00.000Z' }),
    );
    // Another farm's ewe 231 is another animal.
    await saveVisit(herdForm((seed += 1), sampleHerd(), { clientName: 'Sarel Cilliers' }));
    const records = await animalHistory(api, 'graham botha', '231');
    expect(records).toHaveLength(2);
    expect(records[0]?.parentRecordingId).toBe(later.visit.id);
    expect(records.map((r) => r.recordedAt)).toEqual([
      '2025-06-01T07:00:00.000Z',
      '2025-03-01T08:30:00.000Z',
    ]);
    expect(records.every((r) => r.clientName === 'Graham Botha' && r.animalTag === '231')).toBe(true);
    expect(await animalHistory(api, 'Graham Botha', '999')).toEqual([]);
    // Missing parameters are refused, not answered with everything.
    expect((await api.get('/api/herd-visits/animal-history?farm=Graham%20Botha')).status).toBe(400);
    expect((await api.get('/api/herd-visits/animal-history?tag=231')).status).toBe(400);
  });

  it('saving again with the same key follows the review: merge, fix a tag, add an animal', async () => {
    const key = 'herd-visit-resave-0001';
    const first = await saveVisit(herdForm((seed += 1), sampleHerd(), { clientName: 'Resave Farm' }), key);
    const herd = sampleHerd();
    const [e231, , ram] = herd.animals;
    // 245 merged into 231, 231's tag corrected to 213, and a new animal added.
    const edited = sampleHerd({
      animals: [
        {
          ...e231!,
          tag: '213',
          notes: { ...e231!.notes, objective: 'FAMACHA 4, bottle jaw\nFAMACHA 5, weak' },
        },
        ram!,
        {
          key: 'added:1',
          tag: '260',
          kind: 'Ewe',
          notes: { ...e231!.notes, objective: 'Wound on ear' },
          treatments: [],
        },
      ],
    });
    const again = await saveVisit(herdForm(seed, edited, { clientName: 'Resave Farm' }), key);
    expect(again.visit.id).toBe(first.visit.id);
    expect(again.animals.map((a) => a.patientName)).toEqual(['Ewe 213', 'Ram', 'Ewe 260']);
    // The same record as before, its notes a new version; the merged-away animal is gone.
    expect(again.animals[0]?.id).toBe(first.animals[0]?.id);
    expect(again.animals[0]?.notesVersion).toBe(2);
    expect(again.animals[1]?.notesVersion).toBe(1);
    expect((await api.get(`/api/recordings/${first.animals[1]!.id}`)).status).toBe(404);
    const versions = await api.get(`/api/recordings/${first.animals[0]!.id}/notes/versions`);
    expect(((await versions.json()) as { versions: unknown[] }).versions).toHaveLength(2);
    expect(await animalHistory(api, 'Resave Farm', '231')).toEqual([]);
    expect((await animalHistory(api, 'Resave Farm', '213')).map((r) => r.id)).toEqual([first.animals[0]!.id]);
    expect((await search(api, '213')).map((r) => r.patientName)).toContain('Ewe 213');
    // Saving the same review once more changes nothing.
    const third = await saveVisit(herdForm(seed, edited, { clientName: 'Resave Farm' }), key);
    expect(third.animals.map((a) => a.notesVersion)).toEqual([2, 1, 1]);
  });

  it('splits a transcript for the review with the notes engine', async () => {
    const response = await api.post('/api/herd-visits/split', {
      transcript:
        'Die ooie hoes. Ooi 12 het koors, temperatuur 40.6. Ewe 47 is bright. The same for 47. ' +
        'Al 85 ooie kry pasteurella-entstof 2 ml onderhuids, lotnommer P7731.',
      preConsultationData: {
        species: 'Sheep',
        consultationType: 'Herd Visit',
        groupName: 'Kamp 3 ooie',
        animalCount: '85',
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { herd } = (await response.json()) as { herd: ReturnType<typeof sampleHerd> };
    expect(herd.animals.map((a) => a.tag)).toEqual(['12', '47']);
    expect(herd.groupName).toBe('Kamp 3 ooie');
    expect(herd.group.treatments[0]).toMatchObject({ animalCount: 85, batchNumber: 'P7731', route: 'SC' });
    expect((await api.post('/api/herd-visits/split', { transcript: 'x'.repeat(100_001) })).status).toBe(400);
  });

  it('refuses a malformed herd and keeps practices apart', async () => {
    const bad = herdForm(
      (seed += 1),
      sampleHerd({ animals: [{ ...sampleHerd().animals[0]!, tag: '<script>' }] }),
    );
    const refused = await api.request('POST', '/api/herd-visits', bad);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/tag/);

    const saved = await saveVisit(herdForm((seed += 1)));
    expect((await other.get(`/api/herd-visits/${saved.visit.id}`)).status).toBe(404);
    expect(await animalHistory(other, 'Graham Botha', '231')).toEqual([]);
    expect(await search(other, '231')).toEqual([]);
    expect(
      (await new ApiClient(server.baseUrl).get('/api/herd-visits/animal-history?farm=a&tag=1')).status,
    ).toBe(401);
  });
});
