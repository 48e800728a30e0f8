import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible server for tests: path-style PUT, GET, HEAD, DELETE and ListObjectsV2, in memory.
 * Tests may change an object's lastModified to make it look old.
 * It checks that requests are signed (AWS SigV4 Authorization header) but not the signature itself.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined; lastModified: Date }>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = decodeURIComponent(url.pathname);
      const signed = /^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? '');
      requests.push({ method: req.method ?? '', path, signed });
      if (!signed) return void res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const bucket = path.replace(/^\/|\/$/g, '');
        const prefix = `/${bucket}/${url.searchParams.get('prefix') ?? ''}`;
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(bucket.length + 2));
        const contents = keys
          .map((k) => {
            const o = objects.get(`/${bucket}/${k}`)!;
            return `<Contents><Key>${k}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><Size>${o.body.length}</Size></Contents>`;
          })
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return void res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      const found = objects.get(path);
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type'] ?? ''),
          cacheControl: req.headers['cache-control'],
          lastModified: new Date(),
        });
        return void res.writeHead(200, { etag: '"fake"' }).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        return void res.writeHead(204).end();
      }
      if (!found) {
        if (req.method === 'HEAD') return void res.writeHead(404).end();
        return void res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');
      }
      res.writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.body.length) });
      res.end(req.method === 'HEAD' ? undefined : found.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, objects, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
