import { FARM_SEGMENT_SECONDS } from './model/segments';

const WIFI_ONLY_KEY = 'veldvet:wifi-only';
/** Diagnostic override of the farm segment length, used by the browser tests to avoid 30-minute waits. */
const SEGMENT_SECONDS_KEY = 'veldvet:farm-segment-seconds';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Wi-Fi-only processing is on by default (spec section 9) and remembered per device. */
export function loadWifiOnly(): boolean {
  return read(WIFI_ONLY_KEY) !== 'false';
}

export function saveWifiOnly(value: boolean): void {
  try {
    localStorage.setItem(WIFI_ONLY_KEY, String(value));
  } catch {
    // Private mode: the switch still works for this visit.
  }
}

export function farmSegmentSeconds(): number {
  const override = Number(read(SEGMENT_SECONDS_KEY));
  return Number.isFinite(override) && override > 0 ? override : FARM_SEGMENT_SECONDS;
}
