import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
  checksum: string | undefined;
  etag: string;
  /** Set at PUT; tests move it back to age an object. */
  lastModified: Date;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Objects by key, to inspect or corrupt them as a failing disk would. */
  objects: Map<string, StoredObject>;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Just enough of the S3 REST API (path style: PUT, HEAD, GET with Range, DELETE, ListObjectsV2 in pages of
 * `listPageSize`) for the real SDK to talk to. `keepsChecksums: false` behaves like stores that ignore
 * x-amz-checksum-*.
 */
export async function startFakeS3(
  options: { keepsChecksums?: boolean; listPageSize?: number } = {},
): Promise<FakeS3> {
  const keepsChecksums = options.keepsChecksums ?? true;
  const bucket = 'veldvet-test';
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, bucketName, ...rest] = decodeURIComponent(url.pathname).split('/');
      const key = rest.join('/');
      requests.push(`${req.method} ${key}`);
      if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket');
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        return listObjects(res, bucket, objects, url.searchParams, options.listPageSize ?? 1000);
      }
      const object = objects.get(key);

      if (req.method === 'PUT') {
        const body = Buffer.concat(chunks);
        const sent = req.headers['x-amz-checksum-sha256'];
        const actual = createHash('sha256').update(body).digest('base64');
        if (typeof sent === 'string' && keepsChecksums && sent !== actual)
          return xmlError(res, 400, 'BadDigest');
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          checksum: keepsChecksums && typeof sent === 'string' ? sent : undefined,
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { ETag: etag });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!object) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return xmlError(res, 404, 'NoSuchKey');
      }
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      const headers: Record<string, string> = {
        ETag: object.etag,
        'Content-Type': object.contentType,
        'Last-Modified': new Date(0).toUTCString(),
      };
      const wantsChecksum = req.headers['x-amz-checksum-mode'] === 'ENABLED' && !range;
      if (wantsChecksum && object.checksum) headers['x-amz-checksum-sha256'] = object.checksum;
      if (req.method === 'HEAD') {
        res.writeHead(200, { ...headers, 'Content-Length': String(object.body.length) });
        return res.end();
      }
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), object.body.length - 1);
        const part = object.body.subarray(start, end + 1);
        res.writeHead(206, {
          ...headers,
          'Content-Length': String(part.length),
          'Content-Range': `bytes ${start}-${end}/${object.body.length}`,
        });
        return res.end(part);
      }
      res.writeHead(200, { ...headers, 'Content-Length': String(object.body.length) });
      return res.end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** ListObjectsV2: keys under `prefix` in order, `pageSize` at a time; the continuation token is the last key. */
function listObjects(
  res: http.ServerResponse,
  bucket: string,
  objects: Map<string, StoredObject>,
  query: URLSearchParams,
  pageSize: number,
): void {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? '';
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, pageSize);
  const truncated = keys.length > page.length;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const contents = page
    .map((key) => {
      const object = objects.get(key)!;
      return `<Contents><Key>${escape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escape(object.etag)}</ETag><Size>${object.body.length}</Size></Contents>`;
    })
    .join('');
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${escape(prefix)}</Prefix>` +
      `<KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      (truncated ? `<NextContinuationToken>${escape(page.at(-1)!)}</NextContinuationToken>` : '') +
      `${contents}</ListBucketResult>`,
  );
}

function xmlError(res: http.ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}
