import { describe, expect, it } from 'vitest';
import { migrateStorageKeys } from '../../../web/src/data/local-storage.js';
import { LOCAL_KEYS, RENAMED_KEYS, SESSION_KEYS } from '../../../web/src/data/storage-keys.js';

/** A Storage over a Map, as localStorage behaves. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe('browser storage keys (web/src/data/storage-keys.ts)', () => {
  it("are all 'veldvet:' plus kebab-case, and distinct", () => {
    const keys = [...Object.values(LOCAL_KEYS), ...Object.values(SESSION_KEYS)];
    for (const key of keys) expect(key).toMatch(/^veldvet:[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("moves the export dialogs' camelCase keys to the new names once, keeping the vet's values", () => {
    const storage = memoryStorage({
      'veldvet:lastWhatsAppNumber': '821234567',
      'veldvet:lastCountryCode': '+27',
      'veldvet:lastEmail': 'owner@farm.co.za',
      'veldvet:last-user': '{"id":"u1"}',
    });
    migrateStorageKeys(storage);
    expect(storage.getItem(LOCAL_KEYS.lastWhatsAppNumber)).toBe('821234567');
    expect(storage.getItem(LOCAL_KEYS.lastCountryCode)).toBe('+27');
    expect(storage.getItem(LOCAL_KEYS.lastEmail)).toBe('owner@farm.co.za');
    for (const [from] of RENAMED_KEYS) expect(storage.getItem(from)).toBeNull();
    expect(storage.getItem(LOCAL_KEYS.lastUser)).toBe('{"id":"u1"}'); // unrenamed keys are left alone
    migrateStorageKeys(storage); // a second start changes nothing
    expect(storage.length).toBe(4);
  });

  it('lets a value already under the new name win over a stale old key', () => {
    const storage = memoryStorage({
      'veldvet:lastEmail': 'old@farm.co.za',
      [LOCAL_KEYS.lastEmail]: 'new@farm.co.za',
    });
    migrateStorageKeys(storage);
    expect(storage.getItem(LOCAL_KEYS.lastEmail)).toBe('new@farm.co.za');
    expect(storage.getItem('veldvet:lastEmail')).toBeNull();
  });
});
