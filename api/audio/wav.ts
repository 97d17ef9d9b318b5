/** 16-bit little-endian PCM samples wrapped in a minimal RIFF/WAVE header, the format every Whisper server reads. */
export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const dataBytes = pcm.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const body = Buffer.from(pcm.buffer, pcm.byteOffset, dataBytes);
  return Buffer.concat([header, body]);
}

/** Bytes of a WAV for `seconds` of 16 kHz mono 16-bit audio: what a piece costs against a server's upload limit. */
export const wavBytesFor = (seconds: number, sampleRate: number): number =>
  44 + Math.ceil(seconds * sampleRate) * 2;
