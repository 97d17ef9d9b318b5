import { describe, expect, it } from 'vitest';
import {
  bitsPerSecond,
  bytesNeeded,
  CHUNK_MILLISECONDS,
  pickMimeType,
  PREFERRED_MIME_TYPES,
} from '../../../web/src/features/recorder/capture/media-format.js';
import {
  MICROPHONE_DENIED,
  microphoneErrorMessage,
  NO_AUDIO_CAPTURED,
  NO_MICROPHONE,
} from '../../../web/src/features/recorder/capture/microphone-errors.js';
import { checkStorage, RESERVE_MINUTES } from '../../../web/src/features/recorder/capture/storage-guard.js';
import { BEEPS } from '../../../web/src/features/recorder/capture/beeps.js';

describe('capture settings (spec section 9)', () => {
  it('prefers webm/opus, then webm, mp4, ogg/opus', () => {
    expect(PREFERRED_MIME_TYPES).toEqual([
      'audio/webm;codecs=opus',
      'audio/webm',
      'audio/mp4',
      'audio/ogg;codecs=opus',
    ]);
    expect(pickMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4'); // Safari
    expect(pickMimeType((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickMimeType(() => false)).toBe('');
  });

  it('records at 64 kb/s, 16 kb/s in Farm Mode, in 1-second chunks', () => {
    expect(bitsPerSecond(false)).toBe(64_000);
    expect(bitsPerSecond(true)).toBe(16_000);
    expect(CHUNK_MILLISECONDS).toBe(1000);
  });

  it('plays the cues of section 9', () => {
    expect(BEEPS.start).toEqual([
      [800, 0.1],
      [1000, 0.15],
    ]);
    expect(BEEPS.pause).toEqual([[600, 0.2]]);
    expect(BEEPS.stop).toEqual([
      [1000, 0.1],
      [700, 0.2],
    ]);
  });
});

describe('microphone errors', () => {
  it('maps permission refusals to the spec message, verbatim', () => {
    expect(MICROPHONE_DENIED).toBe(
      'Microphone permission was denied. Please allow microphone access to record audio.',
    );
    expect(microphoneErrorMessage(new DOMException('x', 'NotAllowedError'))).toBe(MICROPHONE_DENIED);
    expect(microphoneErrorMessage(new DOMException('x', 'SecurityError'))).toBe(MICROPHONE_DENIED);
  });
  it('says when there is no microphone at all', () => {
    expect(microphoneErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(NO_MICROPHONE);
  });
  it('keeps the empty-capture message verbatim', () => {
    expect(NO_AUDIO_CAPTURED).toBe('Recording failed - no audio data captured');
  });
});

describe('storage check before recording', () => {
  const storage = (quota: number, usage: number, persisted = false) => {
    const calls: string[] = [];
    const manager = {
      estimate: async () => ({ quota, usage }),
      persisted: async () => persisted,
      persist: async () => {
        calls.push('persist');
        return true;
      },
    } as unknown as StorageManager;
    return { manager, calls };
  };

  it('asks for persistent storage once and passes when 30 minutes fit', async () => {
    const { manager, calls } = storage(1_000_000_000, 0);
    expect(await checkStorage(64_000, manager)).toEqual({
      ok: true,
      persisted: true,
      availableBytes: 1_000_000_000,
    });
    expect(calls).toEqual(['persist']);
    const already = storage(1_000_000_000, 0, true);
    await checkStorage(64_000, already.manager);
    expect(already.calls).toEqual([]);
  });

  it('refuses to start when the quota cannot hold the reserve, rather than evict old recordings', async () => {
    const needed = bytesNeeded(RESERVE_MINUTES * 60, 64_000);
    expect(needed).toBe(18_000_000); // 30 min × 64 kb/s = 14.4 MB, plus 25 % container margin
    expect((await checkStorage(64_000, storage(needed - 1, 0).manager)).ok).toBe(false);
    expect((await checkStorage(64_000, storage(needed + 5_000_000, 5_000_000).manager)).ok).toBe(true);
    // Farm Mode's lower bitrate needs a quarter of the room.
    expect((await checkStorage(16_000, storage(needed / 2, 0).manager)).ok).toBe(true);
  });

  it('passes where the browser has no StorageManager', async () => {
    expect(await checkStorage(64_000, null)).toEqual({ ok: true, persisted: false, availableBytes: null });
  });
});
