import { describe, expect, it } from 'vitest';
import { sniffAudioContainer } from '../../../api/audio/sniff.js';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffAudioContainer', () => {
  it('recognises the containers browsers record, and WAV', () => {
    expect(sniffAudioContainer(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86]))).toBe('webm');
    expect(sniffAudioContainer(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(sniffAudioContainer(bytes([0, 0, 0, 0x1c], 'ftypM4A '))).toBe('mp4');
    expect(sniffAudioContainer(bytes('OggS', [0, 2, 0, 0]))).toBe('ogg');
    expect(sniffAudioContainer(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
  });

  it('judges by content, not by name: text, JSON, PDF, a RIFF that is not WAVE and short input are refused', () => {
    expect(sniffAudioContainer(new TextEncoder().encode('hello, this is not audio'))).toBeNull();
    expect(sniffAudioContainer(new TextEncoder().encode('{"audio": true}'))).toBeNull();
    expect(sniffAudioContainer(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffAudioContainer(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(sniffAudioContainer(bytes([0x1a, 0x45]))).toBeNull();
    expect(sniffAudioContainer(new Uint8Array())).toBeNull();
  });
});
