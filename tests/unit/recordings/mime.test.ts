import { describe, expect, it } from 'vitest';
import { audioMimeType, extensionFor } from '../../../api/storage/mime.js';

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);
const mp4 = new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
const unknown = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

describe('audioMimeType', () => {
  it('trusts the bytes over what the client says', () => {
    expect(audioMimeType(mp4, 'audio/webm', 'webm')).toBe('audio/mp4');
    expect(audioMimeType(webm, 'audio/mp4', 'mp4')).toBe('audio/webm');
  });

  it('falls back to a declared audio type, then to the format name', () => {
    expect(audioMimeType(unknown, 'audio/mpeg; codecs=mp3', 'webm')).toBe('audio/mpeg');
    expect(audioMimeType(unknown, 'text/html', 'mp3')).toBe('audio/mpeg');
    expect(audioMimeType(unknown, undefined, 'webm')).toBe('audio/webm');
    expect(audioMimeType(unknown, undefined, 'exe')).toBe('application/octet-stream');
  });

  it('names blob files by type', () => {
    expect(extensionFor('audio/webm')).toBe('webm');
    expect(extensionFor('audio/mp4')).toBe('m4a');
    expect(extensionFor('application/octet-stream')).toBe('bin');
  });
});
