/**
 * Every name this app stores under on the device, in one place: IndexedDB databases, localStorage and
 * sessionStorage keys. Keys are 'veldvet:' plus kebab-case. Keys renamed since a release are listed in
 * RENAMED_KEYS and moved once at start-up (migrateStorageKeys), so a vet's remembered values survive.
 */

/** IndexedDB databases. VeldVetDB is the spec's (section 3); the others sit beside it so it stays as specified. */
export const DB_NAMES = {
  /** Local recordings (spec section 3): version 2, one store 'recordings'. */
  recordings: 'VeldVetDB',
  /** Write-ahead journal of the recording in progress (1-second chunks). */
  captureJournal: 'VeldVetCaptureDB',
  /** Device settings that both the page and the service worker read (Wi-Fi-only processing). */
  deviceSettings: 'VeldVetDeviceDB',
} as const;

/** localStorage keys. */
export const LOCAL_KEYS = {
  /** The last user the server confirmed, for an offline start. */
  lastUser: 'veldvet:last-user',
  /** The AI provider's name for 'Powered by …' offline. */
  providerName: 'veldvet:provider-name',
  /** Spec section 7: the export dialogs open prefilled with the last values used on this device. */
  lastWhatsAppNumber: 'veldvet:last-whatsapp-number',
  lastCountryCode: 'veldvet:last-country-code',
  lastEmail: 'veldvet:last-email',
  /** The language each client reads their instructions in, by lower-cased client name (issue 20). */
  clientLanguages: 'veldvet:client-languages',
  /**
   * Wi-Fi-only processing as it was stored before device settings moved to IndexedDB; read once by the
   * settings migration, then removed.
   */
  legacyWifiOnly: 'veldvet:wifi-only',
  /** Diagnostic override of the farm segment length in seconds (browser tests avoid 30-minute waits). */
  farmSegmentSeconds: 'veldvet:farm-segment-seconds',
} as const;

/** sessionStorage keys. */
export const SESSION_KEYS = {
  /** A toast to show after a full page load (sign-in reloads to /app). */
  pendingToast: 'veldvet:pending-toast',
} as const;

/** Old localStorage key → its current name. */
export const RENAMED_KEYS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['veldvet:lastWhatsAppNumber', LOCAL_KEYS.lastWhatsAppNumber],
  ['veldvet:lastCountryCode', LOCAL_KEYS.lastCountryCode],
  ['veldvet:lastEmail', LOCAL_KEYS.lastEmail],
];
