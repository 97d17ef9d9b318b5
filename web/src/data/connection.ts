/**
 * What the Network Information API (Chromium on Android; absent in Safari and Firefox) and navigator.onLine
 * tell us, reduced to the four kinds the recorder cares about.
 */
export type ConnectionType = 'offline' | 'cellular' | 'wifi' | 'other';

export interface ConnectionInfo {
  type: ConnectionType;
}

/** The subset of `navigator.connection` we read; every field may be missing. */
export interface NetworkInformationLike {
  type?: string;
  effectiveType?: string;
}

const slowEffectiveTypes = new Set(['slow-2g', '2g', '3g']);

export function classifyConnection(
  onLine: boolean,
  connection?: NetworkInformationLike | null,
): ConnectionInfo {
  if (!onLine || connection?.type === 'none') return { type: 'offline' };
  if (connection?.type === 'wifi') return { type: 'wifi' };
  // A slow 2g/3g link is treated like cellular: a 30-minute recording would not upload over it anyway.
  if (connection?.type === 'cellular') return { type: 'cellular' };
  if (
    connection?.effectiveType &&
    slowEffectiveTypes.has(connection.effectiveType) &&
    connection.type !== 'ethernet'
  ) {
    return { type: 'cellular' };
  }
  // Ethernet, unknown, or no API at all: allowed, shown as plain 'Online'.
  return { type: 'other' };
}

/** The connection badge texts of spec section 2, verbatim. */
export function connectionBadgeText(connection: ConnectionInfo, wifiOnly: boolean): string {
  switch (connection.type) {
    case 'offline':
      return 'Offline - Recordings saved locally';
    case 'cellular':
      return wifiOnly ? 'Cellular - Processing paused (WiFi-only mode)' : 'Online';
    case 'wifi':
      return 'WiFi - Ready to process';
    case 'other':
      return 'Online';
  }
}
