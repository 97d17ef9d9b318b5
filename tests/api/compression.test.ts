import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.js';
import { registerUser, sessionSetCookie } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

/**
 * Issue 19: text is sent compressed — static files from the gzip/brotli copies written at build time,
 * API JSON compressed per request — with Content-Encoding and Vary right. Raw sockets (node:http), because
 * fetch would decode the body and hide what travelled.
 */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body);
  if (encoding === 'gzip') return zlib.gunzipSync(response.body);
  expect(encoding).toBeUndefined();
  return response.body;
}

const appScript = `export const notes = ${JSON.stringify(
  Array.from({ length: 400 }, (_, i) => `Koei ${i}: temperatuur 39.${i % 10} °C, eetlus goed`),
)};\n`;

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>VeldVet</title>${'<p>shell</p>'.repeat(200)}`,
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), appScript);
  fs.writeFileSync(path.join(webDir, 'assets', 'tiny.js'), 'export {};\n');
  fs.writeFileSync(path.join(webDir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
  await precompressDir(webDir);
  server = await startTestServer({ webDir });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('compression over HTTP', () => {
  it('writes brotli and gzip copies of text assets at build time, not of images or tiny files', () => {
    const assets = fs.readdirSync(path.join(webDir, 'assets')).sort();
    expect(assets).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'photo.png', 'tiny.js']);
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(webDir, 'assets', 'app.js.br'))).toString(),
    ).toBe(appScript);
  });

  it('serves the precompressed copy the browser prefers, with Content-Encoding and Vary', async () => {
    const url = `${server.baseUrl}/assets/app.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(appScript) / 4);
    expect(decode(br).toString()).toBe(appScript);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).toString()).toBe(appScript);

    const identity = await rawGet(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body.toString()).toBe(appScript);
  });

  it('serves the HTML shell compressed, also at client-side routes', async () => {
    for (const route of ['/', '/app']) {
      const response = await rawGet(`${server.baseUrl}${route}`, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response).toString()).toContain('<title>VeldVet</title>');
      if (route === '/') expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves images and tiny files as they are', async () => {
    const png = await rawGet(`${server.baseUrl}/assets/photo.png`, { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
    const tiny = await rawGet(`${server.baseUrl}/assets/tiny.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('compresses API JSON with brotli or gzip as accepted, honouring q-values', async () => {
    const url = `${server.baseUrl}/api/openapi.json`;
    const identity = await rawGet(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(identity.body.toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');

    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length / 4);
    expect(decode(br).equals(identity.body)).toBe(true);

    const gz = await rawGet(url, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).equals(identity.body)).toBe(true);

    const refused = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(identity.body)).toBe(true);
  });

  it('compresses a record of a few KB and one past 64 KB with brotli and gzip, byte for byte', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const cookie = sessionSetCookie(client)!.split(';')[0]!;
    // A varied transcript, so brotli has real work: consultation lines with changing numbers.
    const transcript = (lines: number) =>
      Array.from(
        { length: lines },
        (_, i) => `Koei ${i} se temperatuur is 39.${i % 10}, hartklop ${60 + (i % 40)}.`,
      ).join(' ');
    for (const [seed, lines] of [
      [1, 60],
      [2, 2500],
    ] as const) {
      const saved = await client.post(
        '/api/recordings/save',
        saveBody(fakeAudio('webm', 64, seed), { transcript: transcript(lines) }),
      );
      expect(saved.status, await saved.clone().text()).toBe(200);
      const { recording } = (await saved.json()) as { recording: { id: string } };
      const url = `${server.baseUrl}/api/recordings/${recording.id}`;
      const identity = await rawGet(url, { cookie });
      const size = identity.body.length;
      expect(lines === 60 ? size > 1024 && size < 64 * 1024 : size > 64 * 1024).toBe(true);
      for (const accept of ['br', 'gzip']) {
        const compressed = await rawGet(url, { cookie, 'accept-encoding': accept });
        expect(compressed.headers['content-encoding']).toBe(accept);
        expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
        expect(compressed.body.length).toBeLessThan(size / 2);
        expect(decode(compressed).equals(identity.body)).toBe(true);
      }
    }
  });

  it('sends small JSON answers and HEAD requests uncompressed', async () => {
    const health = await rawGet(`${server.baseUrl}/api/health`, { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(health.body.toString()) as { ok: boolean }).ok).toBe(true);
    const head = await rawGet(`${server.baseUrl}/api/openapi.json`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});
