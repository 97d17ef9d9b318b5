/**
 * Audio container detection from the first bytes of an upload. The file name and the browser's
 * Content-Type are not trusted: a renamed text file must be refused before ffmpeg ever sees it.
 */
export type AudioContainer = 'webm' | 'mp4' | 'ogg' | 'wav';

export const ACCEPTED_AUDIO_DESCRIPTION = 'WebM/Opus, MP4/AAC, Ogg/Opus or WAV';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((value, i) => bytes[offset + i] === value);

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0));

/** The container of an audio upload, or null when its magic bytes match none that browsers record. */
export function sniffAudioContainer(bytes: Uint8Array): AudioContainer | null {
  // EBML header: WebM is a Matroska profile; MediaRecorder in Chrome/Firefox/Edge writes it.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  // ISO BMFF: a box size then 'ftyp' (Safari's MediaRecorder writes fragmented MP4/AAC).
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(bytes, ascii('OggS'))) return 'ogg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'wav';
  return null;
}
