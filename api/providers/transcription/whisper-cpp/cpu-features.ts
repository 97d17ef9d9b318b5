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

/**
 * Threads per whisper.cpp transcription when WHISPER_THREADS is unset: the cores less one (for the API, the
 * database and ffmpeg), shared by the transcriptions that run at once. ggml's thread pool spin-waits at
 * every layer, so when its threads outnumber the free cores one preempted thread stalls the rest: on two
 * cores, two transcriptions of 2 threads each took 18–170 s for a 28-second piece that one takes in 3.9 s
 * alone, while 1 thread each took 7–10 s (issue 18). Fewer threads cost a little when the machine is quiet
 * (1 thread: 6.8 s); too many cost many times that when it is not.
 */
export function defaultWhisperThreads(cores: number, concurrency: number): number {
  return Math.max(1, Math.floor((cores - 1) / Math.max(1, concurrency)));
}
