import type { ConnectionInfo } from '../connection.js';

/** Spec section 5 messages that block processing, verbatim. */
export const processingMessages = {
  noAudio: 'No audio recording found',
  wifiOnly:
    'WiFi-only mode is enabled. Please connect to WiFi to process recordings or disable WiFi-only mode in settings.',
  offline: "You're offline. Recording will be processed when connection is restored.",
} as const;

export type ProcessingBlock = { reason: keyof typeof processingMessages; message: string; queue: boolean };

/**
 * Why processing cannot happen now, or null when it can. Blocked-by-network recordings are queued and
 * processed automatically once allowed; a missing recording cannot be.
 */
export function processingBlock(input: {
  hasAudio: boolean;
  connection: ConnectionInfo;
  wifiOnly: boolean;
}): ProcessingBlock | null {
  if (!input.hasAudio) return { reason: 'noAudio', message: processingMessages.noAudio, queue: false };
  if (input.connection.type === 'offline')
    return { reason: 'offline', message: processingMessages.offline, queue: true };
  if (input.wifiOnly && input.connection.type === 'cellular') {
    return { reason: 'wifiOnly', message: processingMessages.wifiOnly, queue: true };
  }
  return null;
}
