import { LocalDatabase, request } from './idb.js';
import { DB_NAMES, LOCAL_KEYS } from './storage-keys.js';

/**
 * Settings of this device that the service worker must honour too, so they live in IndexedDB (a worker
 * cannot read localStorage). Kept in their own database so the spec's VeldVetDB stays as specified.
 */
export interface DeviceSettings {
  /** Process recordings only on Wi-Fi (or an unknown link): on by default (spec sections 2 and 9). */
  wifiOnly: boolean;
}

export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { wifiOnly: true };

interface SettingsRow extends Partial<DeviceSettings> {
  id: 'device';
}

export class DeviceSettingsDB extends LocalDatabase {
  constructor(name: string = DB_NAMES.deviceSettings) {
    super(name, 1, { settings: { key: 'id' } });
  }
}

const SETTINGS = 'settings';

/** Reads the row, lets `change` return a new one (or nothing), writes it: one transaction. */
function updateRow(db: DeviceSettingsDB, change: (row: SettingsRow | undefined) => SettingsRow | undefined) {
  return db.transaction(SETTINGS, 'readwrite', async (tx) => {
    const store = tx.objectStore(SETTINGS);
    const next = change((await request(store.get('device'))) as SettingsRow | undefined);
    if (next) await request(store.put(next));
  });
}

/** Reads and writes the device settings; missing or malformed fields read as their defaults. */
export class DeviceSettingsStore {
  constructor(private readonly db: DeviceSettingsDB) {}

  async get(): Promise<DeviceSettings> {
    const row = (await this.db.run(SETTINGS, 'readonly', (store) => store.get('device'))) as
      SettingsRow | undefined;
    return { wifiOnly: typeof row?.wifiOnly === 'boolean' ? row.wifiOnly : DEFAULT_DEVICE_SETTINGS.wifiOnly };
  }

  async set(changes: Partial<DeviceSettings>): Promise<void> {
    await updateRow(this.db, (row) => ({ ...row, ...changes, id: 'device' }));
  }

  /**
   * Once per device: Wi-Fi-only was kept in localStorage ('veldvet:wifi-only') before it moved here. A vet
   * who had switched it off keeps it off. A value already stored here wins; the old key is removed.
   */
  async migrateFromLocalStorage(storage: { read(key: string): string | null; remove(key: string): void }) {
    const legacy = storage.read(LOCAL_KEYS.legacyWifiOnly);
    if (legacy === null) return;
    await updateRow(this.db, (row) =>
      typeof row?.wifiOnly === 'boolean' ? undefined : { ...row, id: 'device', wifiOnly: legacy !== 'false' },
    );
    storage.remove(LOCAL_KEYS.legacyWifiOnly);
  }
}
