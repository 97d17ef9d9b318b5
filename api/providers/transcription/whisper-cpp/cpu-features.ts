import fs from 'node:fs';
import os from 'node:os';
import type { WhisperCppBindingName } from './protocol.js';

/** The x86 features @napi-rs/whisper's prebuilt ggml is compiled for; without them it dies of SIGILL. */
const NAPI_RS_X86_FLAGS = ['avx2', 'fma', 'f16c'];

/** CPU feature flags of this Linux machine, or null where /proc/cpuinfo does not say. */
export function cpuFlags(cpuinfo: string | null = readCpuinfo()): Set<string> | null {
  const line = cpuinfo?.split('\n').find((l) => /^flags\s*:/.test(l));
  if (!line) return null;
  return new Set(
    line
      .slice(line.indexOf(':') + 1)
      .trim()
      .split(/\s+/),
  );
}

function readCpuinfo(): string | null {
  try {
    return fs.readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null;
  }
}

/**
 * The binding for 'auto': @napi-rs/whisper (AVX2 build, about 12× faster here) where the CPU can run
 * it, else @fugood/whisper.node, whose SSE-only build runs on any x86-64 (older Celeron/Atom practice
 * servers). Both ship prebuilt binaries inside their npm packages.
 */
export function chooseBinding(
  preference: WhisperCppBindingName | 'auto',
  platform: { arch: string; os: string; flags: Set<string> | null } = {
    arch: process.arch,
    os: os.platform(),
    flags: cpuFlags(),
  },
): WhisperCppBindingName {
  if (preference !== 'auto') return preference;
  if (platform.os !== 'linux' || platform.arch !== 'x64')
    return platform.os === 'darwin' ? 'napi-rs' : 'fugood';
  return platform.flags && NAPI_RS_X86_FLAGS.every((flag) => platform.flags!.has(flag))
    ? 'napi-rs'
    : 'fugood';
}
