import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../../api/providers/transcription/model-catalog.js';
import { findCatalogModel } from '../../../api/providers/transcription/model-catalog.js';
import {
  formatProgress,
  ModelChecksumError,
  ModelUnavailableError,
  WhisperModelManager,
  type DownloadProgress,
} from '../../../api/providers/transcription/model-manager.js';

// A fake 'model': 3 MB of deterministic bytes, served by a local HTTP server like the model repository.
const payload = Buffer.alloc(3 * 1024 * 1024);
for (let i = 0; i < payload.length; i++) payload[i] = (i * 31 + 7) & 0xff;
const sha1 = createHash('sha1').update(payload).digest('hex');

const catalog: CatalogModel[] = [
  { name: 'fake', file: 'ggml-fake.bin', sha1, approxMiB: 3, multilingual: true },
  { name: 'fake-bad', file: 'ggml-fake-bad.bin', sha1, approxMiB: 3, multilingual: true },
  { name: 'fake-missing', file: 'ggml-fake-missing.bin', sha1, approxMiB: 3, multilingual: true },
  { name: 'fake-cut', file: 'ggml-fake-cut.bin', sha1, approxMiB: 3, multilingual: true },
  { name: 'fake-tofu', file: 'ggml-fake-tofu.bin', approxMiB: 3, multilingual: true },
];

let server: http.Server;
let baseUrl: string;
const hits = new Map<string, number>();
let dir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = path.basename(req.url ?? '');
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (name === 'ggml-fake.bin' || name === 'ggml-fake-tofu.bin') {
      res.writeHead(200, { 'content-length': payload.length });
      // In chunks, so progress has several steps.
      let at = 0;
      const send = () => {
        if (at >= payload.length) return res.end();
        const chunk = payload.subarray(at, at + 256 * 1024);
        at += chunk.length;
        if (res.write(chunk)) setImmediate(send);
        else res.once('drain', send);
      };
      send();
    } else if (name === 'ggml-fake-bad.bin') {
      const other = Buffer.from(payload);
      other[12345] = (other[12345] ?? 0) ^ 0xff; // one flipped byte
      res.writeHead(200, { 'content-length': other.length });
      res.end(other);
    } else if (name === 'ggml-fake-cut.bin') {
      res.writeHead(200, { 'content-length': payload.length });
      res.write(payload.subarray(0, 1024 * 1024), () => res.destroy());
    } else {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-models-'));
  hits.clear();
});

const manager = (url = baseUrl) =>
  new WhisperModelManager({ modelsDir: dir, baseUrl: url, catalog, stallTimeoutMs: 5_000 });

describe('WhisperModelManager', () => {
  it('downloads a model on first use with progress, verifies its SHA-1, and reuses it afterwards', async () => {
    const events: DownloadProgress[] = [];
    const file = await manager().ensure('fake', (p) => events.push(p));
    expect(file).toBe(path.join(dir, 'ggml-fake.bin'));
    expect(fs.readFileSync(file).equals(payload)).toBe(true);
    expect(fs.readFileSync(`${file}.sha1`, 'utf8').trim()).toBe(sha1);
    expect(events.length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({
      model: 'fake',
      receivedBytes: payload.length,
      totalBytes: payload.length,
    });
    expect(formatProgress(events.at(-1)!)).toBe('fake 100% (3.0/3.0 MiB)');
    expect(fs.readdirSync(dir).some((f) => f.endsWith('.part'))).toBe(false);

    expect(await manager().ensure('fake')).toBe(file);
    expect(hits.get('ggml-fake.bin')).toBe(1);
  });

  it('shares one download between concurrent callers', async () => {
    const m = manager();
    const [a, b] = await Promise.all([m.ensure('fake'), m.ensure('fake')]);
    expect(a).toBe(b);
    expect(hits.get('ggml-fake.bin')).toBe(1);
  });

  it('refuses a download whose checksum is wrong and keeps nothing', async () => {
    await expect(manager().ensure('fake-bad')).rejects.toThrow(ModelChecksumError);
    await expect(manager().ensure('fake-bad')).rejects.toThrow(/failed its checksum.*expected/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('removes a damaged model file found on disk and says so', async () => {
    await manager().ensure('fake');
    const file = path.join(dir, 'ggml-fake.bin');
    fs.rmSync(`${file}.sha1`);
    fs.appendFileSync(file, 'garbage');
    await expect(manager().ensure('fake')).rejects.toThrow(/failed its checksum.*removed/);
    expect(fs.existsSync(file)).toBe(false);
    // The next call downloads a good copy again.
    expect(fs.readFileSync(await manager().ensure('fake')).equals(payload)).toBe(true);
  });

  it('explains what to do when offline (nothing listening) instead of failing obscurely', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await manager(`http://127.0.0.1:${port}`)
      .ensure('fake')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect((error as Error).message).toMatch(/Could not download Whisper model 'fake'/);
    expect((error as Error).message).toMatch(/offline/);
    expect((error as Error).message).toMatch(/WHISPER_MODEL_PATH/);
    expect((error as Error).message).toMatch(/npm run whisper:model -- fake/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reports an HTTP error and a download that breaks off, leaving no partial file', async () => {
    await expect(manager().ensure('fake-missing')).rejects.toThrow(/answered 404/);
    await expect(manager().ensure('fake-cut')).rejects.toThrow(ModelUnavailableError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('pins a model without a published checksum on first download (trust on first use)', async () => {
    const file = await manager().ensure('fake-tofu');
    const recorded = fs.readFileSync(`${file}.sha256`, 'utf8').trim();
    expect(recorded).toBe(createHash('sha256').update(payload).digest('hex'));
    fs.appendFileSync(file, 'x');
    await expect(manager().ensure('fake-tofu')).rejects.toThrow(ModelChecksumError);
  });

  it('names the known models when asked for an unknown one', () => {
    expect(() => manager().pathFor('huge-v9')).toThrow(/Unknown Whisper model 'huge-v9'. Known: fake/);
  });

  it('knows the published whisper.cpp models, multilingual unless .en', () => {
    expect(findCatalogModel('base')).toMatchObject({
      file: 'ggml-base.bin',
      sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
      multilingual: true,
    });
    expect(findCatalogModel('tiny.en')?.multilingual).toBe(false);
    expect(findCatalogModel('large-v3-turbo')?.file).toBe('ggml-large-v3-turbo.bin');
    expect(findCatalogModel('base-q5_1')?.file).toBe('ggml-base-q5_1.bin');
  });
});
