/**
 * npm run bench:rss — the compiled server's resident memory when idle (issue 19 budget: ≤ 100 MiB), next
 * to a bare Hono server on @hono/node-server started the same way in the same run. Both are started with
 * `node`, a fresh SQLite data directory and NODE_ENV=production; after /api/health answers, the figure
 * is VmRSS from /proc once the process has sat idle for IDLE_SECONDS (median of RUNS starts).
 * Needs `npm run build` first (dist-server/main.js).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port.js';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'dist-server', 'main.js');
const runs = Number(process.env.RUNS ?? 3);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 5);

const BARE_SERVER = `
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
const app = new Hono();
app.get('/api/health', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

async function idleRss(args: string[], cwd: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-rss-'));
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (attempt > 600) throw new Error(`${args.join(' ')} did not answer /api/health`);
      await sleep(100);
    }
    await sleep(idleSeconds * 1000);
    return rssMiB(child.pid!);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  if (!fs.existsSync(bundle)) throw new Error(`no ${bundle}: run 'npm run build' first`);
  const bareFile = path.join(root, '.cache', 'bench', 'bare-hono.mjs');
  fs.mkdirSync(path.dirname(bareFile), { recursive: true });
  fs.writeFileSync(bareFile, BARE_SERVER);
  const server: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    server.push(await idleRss([bundle], root));
    bare.push(await idleRss([bareFile], root));
  }
  const s = median(server);
  const b = median(bare);
  console.log(`idle RSS, median of ${runs} starts, ${idleSeconds} s idle after /api/health:`);
  console.log(
    `  VeldVet compiled server (SQLite): ${s.toFixed(1)} MiB (budget 100 MiB)  [${server.map((v) => v.toFixed(1)).join(', ')}]`,
  );
  console.log(
    `  bare Hono on @hono/node-server:   ${b.toFixed(1)} MiB  [${bare.map((v) => v.toFixed(1)).join(', ')}]`,
  );
  console.log(`  ratio: ${(s / b).toFixed(2)}×`);
}

main().catch((error: unknown) => {
  console.error(`bench:rss: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
