/** Spec section 9: preferred audio types, bitrates and chunk length. */
export const PREFERRED_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4',
  'audio/ogg;codecs=opus',
] as const;
export const NORMAL_BITS_PER_SECOND = 64_000;
export const FARM_BITS_PER_SECOND = 16_000;
export const CHUNK_MILLISECONDS = 1000;

/** The first preferred type this browser can record, or '' to let it choose (older Safari). */
export function pickMimeType(isSupported: (type: string) => boolean): string {
  return PREFERRED_MIME_TYPES.find((type) => isSupported(type)) ?? '';
}

export function bitsPerSecond(isFarmMode: boolean): number {
  return isFarmMode ? FARM_BITS_PER_SECOND : NORMAL_BITS_PER_SECOND;
}

/**
 * Bytes a recording of `seconds` needs at `bitrate`, with a margin for container overhead. Used to refuse
 * starting a recording the device cannot hold rather than letting the browser evict an older one.
 */
export function bytesNeeded(seconds: number, bitrate: number): number {
  return Math.ceil(((seconds * bitrate) / 8) * 1.25);
}
