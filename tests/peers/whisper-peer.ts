import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starts tests/peers/whisper_server.py (faster-whisper, OpenAI-compatible) on a free port, from the venv
 * that tests/peers/setup.sh builds. Returns null with a reason when the peer is not set up, so a test can
 * say why it skipped; under CI=true a missing peer is an error instead, so a broken setup cannot pass.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const peerDir = process.env.WHISPER_PEER_DIR ?? path.join(repoRoot, '.cache', 'whisper-peer');
export const peerPython = path.join(peerDir, 'venv', 'bin', 'python');
export const peerModelDir = path.join(peerDir, 'models', 'base');

export interface WhisperPeer {
  baseUrl: string;
  pid: number;
  close(): Promise<void>;
}

export function peerUnavailableReason(): string | null {
  if (!fs.existsSync(peerPython)) return `no Python venv at ${peerPython}: run 'bash tests/peers/setup.sh'`;
  if (!fs.existsSync(path.join(peerModelDir, 'model.bin')))
    return `no model at ${peerModelDir}: run 'bash tests/peers/setup.sh'`;
  return null;
}

export interface PeerOptions {
  threads?: number;
  beamSize?: number;
  computeType?: string;
}

export async function startWhisperPeer(options: PeerOptions = {}): Promise<WhisperPeer> {
  const reason = peerUnavailableReason();
  if (reason) throw new Error(`whisper peer unavailable: ${reason}`);
  const child: ChildProcess = spawn(
    peerPython,
    [
      path.join(repoRoot, 'tests', 'peers', 'whisper_server.py'),
      '--model-dir',
      peerModelDir,
      '--port',
      '0',
      '--threads',
      String(options.threads ?? 2),
      '--beam-size',
      String(options.beamSize ?? 1),
      '--compute-type',
      options.computeType ?? 'int8',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OMP_NUM_THREADS: String(options.threads ?? 2) },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(
      () => reject(new Error(`whisper peer did not start in 120 s: ${stderr}`)),
      120_000,
    );
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`whisper peer exited (${code}): ${stderr}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The server settings that send the product's `openai` provider to a running peer. */
export function peerTranscriptionEnv(peer: WhisperPeer): Record<string, string> {
  return {
    TRANSCRIPTION_PROVIDER: 'openai',
    OPENAI_BASE_URL: peer.baseUrl,
    TRANSCRIPTION_MODEL: 'whisper-base',
  };
}
