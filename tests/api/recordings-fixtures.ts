/** Shared by the recordings API tests: audio-looking bytes and a valid save body. */

const SIGNATURES = {
  // EBML header, as MediaRecorder's WebM starts.
  webm: [0x1a, 0x45, 0xdf, 0xa3],
  // A box size then 'ftyp', as Safari's MP4 starts.
  mp4: [0x00, 0x00, 0x00, 0x20, 0x66, 0x74, 0x79, 0x70],
} as const;

/** `size` deterministic pseudo-random bytes behind the container's magic number. */
export function fakeAudio(
  kind: keyof typeof SIGNATURES,
  size: number,
  seed: number,
): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = seed * 2654435761 || 1;
  for (let i = 0; i < size; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  bytes.set(SIGNATURES[kind].slice(0, size));
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** The body the spec's client sends to POST /api/recordings/save (section 7). */
export function saveBody(
  audio: Uint8Array,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    patientName: 'Bella',
    species: 'Dogs',
    breed: '',
    age: '3 years',
    weight: '42 kg',
    clientName: 'Van der Merwe',
    clientPhone: '082 123 4567',
    clientEmail: '',
    recordedAt: '2025-03-01T08:30:00.000Z',
    audioData: toBase64(audio),
    audioDuration: 95,
    audioFormat: 'webm',
    transcript: 'The dog is lame on the left fore.',
    transcriptLanguage: 'auto',
    soapNotes: {
      subjective: '- Lame on the left fore',
      objective: '',
      assessment: '- Sprain',
      plan: '- Rest',
    },
    ...overrides,
  };
}
