import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sendJsonText } from './json-text';

const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `title ${i}` })) });
const app = new Hono().get('/big', (c) => sendJsonText(c, big, { 'Cache-Control': 'public, max-age=300' })).get('/small', (c) => sendJsonText(c, '{"a":1}'));

describe('sendJsonText', () => {
  it('gzips large JSON for clients that accept it, and the body is the same JSON', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(big.length / 3);
    expect(gunzipSync(body).toString()).toBe(big);
  });

  it('sends plain JSON otherwise, and small answers always plain', async () => {
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
    const small = await app.request('/small', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ a: 1 });
  });
});
