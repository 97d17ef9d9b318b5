import { describe, expect, it } from 'vitest';
import {
  chooseBinding,
  cpuFlags,
  defaultWhisperThreads,
} from '../../../api/providers/transcription/whisper-cpp/cpu-features.js';

const cpuinfo = (flags: string) =>
  `processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: ${flags}\nbogomips\t: 4800\n`;

describe('whisper.cpp binding choice', () => {
  it('reads the flags line of /proc/cpuinfo', () => {
    expect(cpuFlags(cpuinfo('fpu sse2 avx2 fma'))).toEqual(new Set(['fpu', 'sse2', 'avx2', 'fma']));
    expect(cpuFlags('no flags here')).toBeNull();
    expect(cpuFlags(null)).toBeNull();
  });

  it('picks napi-rs on x86-64 Linux with AVX2, FMA and F16C', () => {
    const flags = cpuFlags(cpuinfo('sse4_2 avx avx2 fma f16c'));
    expect(chooseBinding('auto', { os: 'linux', arch: 'x64', flags })).toBe('napi-rs');
  });

  it('falls back to the portable fugood build where a feature is missing or unknown', () => {
    // A Gemini Lake Celeron: SSE4.2 but no AVX at all.
    expect(chooseBinding('auto', { os: 'linux', arch: 'x64', flags: cpuFlags(cpuinfo('sse4_2 aes')) })).toBe(
      'fugood',
    );
    expect(
      chooseBinding('auto', { os: 'linux', arch: 'x64', flags: cpuFlags(cpuinfo('avx avx2 fma')) }),
    ).toBe('fugood');
    expect(chooseBinding('auto', { os: 'linux', arch: 'x64', flags: null })).toBe('fugood');
    expect(chooseBinding('auto', { os: 'linux', arch: 'arm64', flags: null })).toBe('fugood');
    expect(chooseBinding('auto', { os: 'win32', arch: 'x64', flags: null })).toBe('fugood');
  });

  it('uses napi-rs on macOS, where it ships both architectures', () => {
    expect(chooseBinding('auto', { os: 'darwin', arch: 'arm64', flags: null })).toBe('napi-rs');
  });

  it('honours an explicit choice', () => {
    expect(
      chooseBinding('fugood', { os: 'linux', arch: 'x64', flags: cpuFlags(cpuinfo('avx2 fma f16c')) }),
    ).toBe('fugood');
    expect(chooseBinding('napi-rs', { os: 'linux', arch: 'x64', flags: null })).toBe('napi-rs');
  });
});

describe('defaultWhisperThreads', () => {
  it('leaves a core for the rest of the server and never oversubscribes the others', () => {
    expect(defaultWhisperThreads(2, 1)).toBe(1);
    expect(defaultWhisperThreads(8, 1)).toBe(7);
    // Transcriptions at once share the cores: their threads together stay within the cores less one.
    expect(defaultWhisperThreads(8, 2)).toBe(3);
    expect(defaultWhisperThreads(16, 3)).toBe(5);
    for (const cores of [1, 2, 3, 4, 6, 8, 12, 16, 32])
      for (const concurrency of [1, 2, 3, 4, 8]) {
        const threads = defaultWhisperThreads(cores, concurrency);
        expect(threads).toBeGreaterThanOrEqual(1);
        if (cores > concurrency) expect(threads * concurrency).toBeLessThanOrEqual(cores - 1);
      }
  });

  it('still gives one thread on a single core or to more transcriptions than cores', () => {
    expect(defaultWhisperThreads(1, 1)).toBe(1);
    expect(defaultWhisperThreads(2, 4)).toBe(1);
  });
});
