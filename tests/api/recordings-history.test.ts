import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { EMPTY_RECORDING_FIELDS } from '../helpers/recording-rows.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { recordingsRepository } from '../../api/repositories/recordings.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

/**
 * Issue 19: history pages in the spec's order (recordedAt desc, createdAt desc, id) by offset and by
 * keyset cursor, identical across ties; lists carry cards only; search folds Unicode case the same way on
 * SQLite and PostgreSQL.
 */
interface Card {
  id: string;
  patientName: string;
  recordedAt: string;
  createdAt: string;
  [field: string]: unknown;
}
interface ListBody {
  recordings: Card[];
  nextCursor: string | null;
}

const CARD_FIELDS = [
  'audioDuration',
  'breed',
  'clientName',
  'consultationType',
  'createdAt',
  'id',
  'isFarmMode',
  'notesVersion',
  'patientName',
  'recordedAt',
  'species',
].sort();

describe.each(dialects)('history and search at scale (%s)', (dialect) => {
  let server: TestServer;
  let api: ApiClient;
  /** Every saved recording, in the order history must give. */
  let expected: Card[] = [];

  async function list(path: string): Promise<ListBody> {
    const response = await api.get(path);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ListBody;
  }

  async function save(overrides: Record<string, unknown>, seed: number): Promise<string> {
    const response = await api.post('/api/recordings/save', saveBody(fakeAudio('webm', 64, seed), overrides));
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { recording: { id: string } }).recording.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = new ApiClient(server.baseUrl);
    await registerUser(api);
    // 23 recordings on only three distinct recordedAt values: most of the order is decided by the ties
    // (createdAt, then id), which is where offset and keyset pages could disagree.
    const times = ['2025-03-01T08:30:00.000Z', '2025-03-02T09:00:00.000Z', '2025-02-28T17:45:00.000Z'];
    for (let i = 0; i < 23; i += 1) {
      await save({ patientName: `Koei ${i}`, clientName: 'Botha', recordedAt: times[i % 3] }, i + 1);
    }
    await save({ patientName: 'Müller se hond', clientName: 'ÉLIZE DU PLESSIS', species: 'Dogs' }, 90);
    await save({ patientName: 'MÜLLER', clientName: 'Jansen', species: 'Perde' }, 91);
    // Decomposed ü (u + combining diaeresis): the same name to a reader.
    await save({ patientName: 'Mu\u0308ller', clientName: 'Steyn', species: 'Katte' }, 92);
    await save({ patientName: 'Muller', clientName: 'Nel', species: 'Bokke' }, 93);

    const all = await list('/api/recordings/history?limit=100&offset=0');
    expected = all.recordings;
  });
  afterAll(async () => server?.close());

  it('orders by recordedAt, then createdAt (newest first), then id', () => {
    expect(expected).toHaveLength(27);
    const sorted = [...expected].sort(
      (a, b) =>
        b.recordedAt.localeCompare(a.recordedAt) ||
        b.createdAt.localeCompare(a.createdAt) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(expected.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
  });

  it('lists cards only: no transcript, notes or audio details', () => {
    for (const card of expected) expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
  });

  it('pages by offset and by cursor to the same rows across ties, with no gaps or repeats', async () => {
    const byOffset: string[] = [];
    for (let offset = 0; offset < 27; offset += 5) {
      const page = await list(`/api/recordings/history?limit=5&offset=${offset}`);
      byOffset.push(...page.recordings.map((r) => r.id));
    }
    expect(byOffset).toEqual(expected.map((r) => r.id));

    const byCursor: string[] = [];
    let page = await list('/api/recordings/history?limit=5');
    let pages = 1;
    byCursor.push(...page.recordings.map((r) => r.id));
    while (page.nextCursor) {
      page = await list(`/api/recordings/history?limit=5&cursor=${encodeURIComponent(page.nextCursor)}`);
      pages += 1;
      byCursor.push(...page.recordings.map((r) => r.id));
    }
    expect(byCursor).toEqual(expected.map((r) => r.id));
    // 27 rows in pages of 5: five full pages and a last one of 2, which says there is no next.
    expect(pages).toBe(6);
    expect(page.recordings).toHaveLength(2);
  });

  it('answers an exactly full last page with a cursor to an empty page', async () => {
    const first = await list('/api/recordings/history?limit=27');
    expect(first.nextCursor).not.toBeNull();
    const after = await list(
      `/api/recordings/history?limit=27&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(after).toEqual({ recordings: [], nextCursor: null });
  });

  it('leaves deleted recordings out of every page', async () => {
    const victim = expected[7]!;
    expect((await api.delete(`/api/recordings/${victim.id}`)).status).toBe(200);
    const remaining = expected.filter((r) => r.id !== victim.id).map((r) => r.id);
    const cursorAtSix = (await list('/api/recordings/history?limit=6')).nextCursor!;
    const afterSix = await list(
      `/api/recordings/history?limit=100&cursor=${encodeURIComponent(cursorAtSix)}`,
    );
    expect(afterSix.recordings.map((r) => r.id)).toEqual(remaining.slice(6));
    const offsetSeven = await list('/api/recordings/history?limit=3&offset=7');
    expect(offsetSeven.recordings.map((r) => r.id)).toEqual(remaining.slice(7, 10));
    expected = expected.filter((r) => r.id !== victim.id);
  });

  it('refuses a cursor it did not issue with 400', async () => {
    for (const cursor of ['nope', 'W10', btoa('["x","y","z"]'), 'a'.repeat(500)]) {
      const response = await api.get(`/api/recordings/history?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/cursor/);
    }
  });

  it('folds Unicode case the same on both databases: ü finds Ü, É finds é, composed finds decomposed', async () => {
    const names = async (q: string) =>
      (await list(`/api/recordings/search?q=${encodeURIComponent(q)}`)).recordings
        .map((r) => r.patientName)
        .sort();
    const umlaut = ['MÜLLER', 'Mu\u0308ller', 'Müller se hond'].sort();
    expect(await names('müller')).toEqual(umlaut);
    expect(await names('MÜLLER')).toEqual(umlaut);
    expect(await names('mu\u0308l')).toEqual(umlaut);
    // Short terms (no trigram) fold the same way.
    expect(await names('ü')).toEqual(umlaut);
    // Accents stay significant: plain u is another letter.
    expect(await names('muller')).toEqual(['Muller']);
    expect(await names('élize')).toEqual(['Müller se hond']);
    expect(await names('du pLESSIS')).toEqual(['Müller se hond']);
    expect(await names('PERDE')).toEqual(['MÜLLER']);
    // A term never matches across two fields (patient "…hond" + client "ÉLIZE…").
    expect(await names('hond élize')).toEqual([]);
    expect(await names('hondé')).toEqual([]);
  });

  it('returns search matches as cards in history order', async () => {
    const found = await list('/api/recordings/search?q=koei%201');
    const ids = found.recordings.map((r) => r.id);
    // Koei 1 and Koei 10–19 (less any deleted above), in the same order history gives them.
    const koei1 = expected.filter((r) => /^Koei 1\d?$/.test(r.patientName));
    expect(koei1.length).toBeGreaterThanOrEqual(10);
    expect(ids).toEqual(koei1.map((r) => r.id));
    expect(ids).toEqual(expected.filter((r) => ids.includes(r.id)).map((r) => r.id));
    for (const card of found.recordings) expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
    expect(found.nextCursor).toBeNull();
  });

  it('finds the oldest matches among a thousand rows, newest first, in pages of any size', async () => {
    // Another practice with 1,050 recordings, written straight to the table (1,050 saves over HTTP would take
    // longer than they prove): "Oupa" twice among the oldest; "Kat" on every 40th row, 27 of them, paged.
    const other = new ApiClient(server.baseUrl);
    const { user } = await registerUser(other);
    const repository = recordingsRepository(server.services.database.db);
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    for (let i = 0; i < 1050; i += 1) {
      const at = new Date(base + i * 3_600_000).toISOString();
      await repository.insert({
        id: `scale-${String(i).padStart(4, '0')}`,
        practiceId: user.id,
        patientName: i === 3 || i === 7 ? `Oupa ${i}` : i % 40 === 0 ? `Kat ${i}` : `Hond ${i}`,
        species: 'Dogs',
        clientName: 'Van Wyk',
        ...EMPTY_RECORDING_FIELDS,
        recordedAt: at,
        updatedAt: at,
      });
    }
    const search = async (q: string, limit = 50) => {
      const response = await other.get(`/api/recordings/search?q=${encodeURIComponent(q)}&limit=${limit}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as ListBody).recordings.map((r) => r.patientName);
    };
    expect(await search('oupa')).toEqual(['Oupa 7', 'Oupa 3']);
    const cats = await search('kat', 20);
    expect(cats).toHaveLength(20);
    expect(cats[0]).toBe('Kat 1040');
    expect(cats.at(-1)).toBe('Kat 280');
    // All 27 when the page is larger than what the newest rows hold, the oldest (row 0) last.
    const allCats = await search('kat');
    expect(allCats).toHaveLength(27);
    expect(allCats.at(-1)).toBe('Kat 0');
    // The first practice sees none of them.
    expect((await list('/api/recordings/search?q=oupa')).recordings).toEqual([]);
    // A name on a thousand rows (SQLite walks the history index instead of reading FTS5's matches by id):
    // the newest first, and only the practice's own ("hond" is also in the first practice's "Müller se hond").
    const dogs = await search('hond', 20);
    expect(dogs).toHaveLength(20);
    expect(dogs[0]).toBe('Hond 1049');
    expect(dogs.at(-1)).toBe('Hond 1029');
    expect((await list('/api/recordings/search?q=hond')).recordings.map((r) => r.patientName)).toEqual([
      'Müller se hond',
    ]);
  });

  it('treats quotes and FTS syntax in a search term as text', async () => {
    for (const q of ['"koei', 'koei OR botha', 'NEAR(koei', 'koei*', "o'brien"]) {
      const response = await api.get(`/api/recordings/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(((await response.json()) as ListBody).recordings, q).toEqual([]);
    }
  });
});
