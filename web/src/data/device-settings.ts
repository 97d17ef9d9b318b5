import Dexie, { type Table } from 'dexie';
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

export class DeviceSettingsDB extends Dexie {
  settings!: Table<SettingsRow, string>;

  constructor(name: string = DB_NAMES.deviceSettings) {
    super(name);
    this.version(1).stores({ settings: 'id' });
  }
}

/** Reads and writes the device settings; missing or malformed fields read as their defaults. */
export class DeviceSettingsStore {
  constructor(private readonly db: DeviceSettingsDB) {}

  async get(): Promise<DeviceSettings> {
    const row = await this.db.settings.get('device');
    return { wifiOnly: typeof row?.wifiOnly === 'boolean' ? row.wifiOnly : DEFAULT_DEVICE_SETTINGS.wifiOnly };
  }

  async set(changes: Partial<DeviceSettings>): Promise<void> {
    await this.db.transaction('rw', this.db.settings, async () => {
      const row = (await this.db.settings.get('device')) ?? { id: 'device' as const };
      await this.db.settings.put({ ...row, ...changes, id: 'device' });
    });
  }

  /**
   * Once per device: Wi-Fi-only was kept in localStorage ('veldvet:wifi-only') before it moved here. A vet
   * who had switched it off keeps it off. A value already stored here wins; the old key is removed.
   */
  async migrateFromLocalStorage(storage: { read(key: string): string | null; remove(key: string): void }) {
    const legacy = storage.read(LOCAL_KEYS.legacyWifiOnly);
    if (legacy === null) return;
    await this.db.transaction('rw', this.db.settings, async () => {
      const row = await this.db.settings.get('device');
      if (typeof row?.wifiOnly !== 'boolean') {
        await this.db.settings.put({ ...row, id: 'device', wifiOnly: legacy !== 'false' });
      }
    });
    storage.remove(LOCAL_KEYS.legacyWifiOnly);
  }
}
