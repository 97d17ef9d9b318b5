import { describe, expect, it } from 'vitest';
import { chooseBinding, cpuFlags } from '../../../api/providers/transcription/whisper-cpp/cpu-features.js';

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
