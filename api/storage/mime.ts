import { sniffAudioContainer } from '../audio/sniff.js';

const CONTAINER_TYPES = { webm: 'audio/webm', mp4: 'audio/mp4', ogg: 'audio/ogg', wav: 'audio/wav' } as const;

/** audioFormat values (spec: default webm) and the MIME type each names. */
const FORMAT_TYPES: Record<string, string> = {
  webm: 'audio/webm',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mpeg: 'audio/mpeg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
};

const AUDIO_TYPE = /^audio\/[a-z0-9.+-]{1,60}$/;

/**
 * The Content-Type playback will be served with. The bytes win: the spec's client always sends audioFormat
 * 'webm', even when Safari recorded MP4. Then a declared audio/* type, then the format name.
 */
export function audioMimeType(
  bytes: Uint8Array,
  declaredType: string | undefined,
  audioFormat: string,
): string {
  const container = sniffAudioContainer(bytes);
  if (container) return CONTAINER_TYPES[container];
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (declared && AUDIO_TYPE.test(declared)) return declared;
  return FORMAT_TYPES[audioFormat.toLowerCase()] ?? 'application/octet-stream';
}

/** A file extension for blob keys, so objects are recognisable when browsing the store. */
export function extensionFor(mimeType: string): string {
  return EXTENSIONS[mimeType] ?? 'bin';
}
