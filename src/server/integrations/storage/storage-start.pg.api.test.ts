import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { smallPng } from '../../modules/settings/test-images';
import { signedInOverHttp } from '../../test/http-accounts';
import { pgServers } from '../../test/pg-servers';

// Real servers (start.ts) on one PostgreSQL, each with its own DATA_DIR, configured as an operator
// would: without STORAGE every instance serves every picture; STORAGE=local warns at start.
const { start } = pgServers('storage');

const WARN = 40;

describe('storage of servers on PostgreSQL', () => {
  it('by default keeps pictures in the database: uploaded through one server, saved and shown through the other; the old one moves in at start', async () => {
    const one = await start();
    expect(one.server.deps.storage.kind).toBe('database');
    expect(one.logs.filter((l) => l.level >= WARN)).toEqual([]);
    expect(one.logs.map((l) => l.msg)).toContain('uploads: in the database (table stored_uploads), served by every instance');

    const me = await signedInOverHttp(one.base, 'st');
    // A picture the second server kept on its own disk before this version (a timestamp name).
    const legacy = `${me.id}/1700000000000.png`;
    const legacyBytes = await smallPng(40, 40);
    const two = await start({}, (dataDir) => {
      fs.mkdirSync(path.join(dataDir, 'uploads', me.id), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', legacy), legacyBytes);
    });
    expect(fs.readdirSync(path.join(two.dataDir, 'uploads', me.id))).toEqual([]);
    const moved = await fetch(`${one.base}/api/uploads/${legacy}`);
    expect(moved.status).toBe(200);
    expect(Buffer.from(await moved.arrayBuffer()).equals(legacyBytes)).toBe(true);

    const form = new FormData();
    form.append('file', new File([new Uint8Array(await smallPng(50, 50))], 'me.png', { type: 'image/png' }));
    const uploaded = await fetch(`${one.base}/api/me/avatar`, { method: 'POST', headers: { cookie: me.cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const saved = await fetch(`${two.base}/api/me/profile`, {
      method: 'PATCH',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ avatarUrl: url }),
    });
    expect(saved.status).toBe(200);
    const shown = await fetch(`${two.base}${url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Saving replaced nothing but removed the user's other pictures (the moved one), on both.
    for (const base of [one.base, two.base]) expect((await fetch(`${base}/api/uploads/${legacy}`)).status).toBe(404);
  });

  it('warns at start when STORAGE=local on PostgreSQL, naming the fix', async () => {
    const local = await start({ STORAGE: 'local' });
    expect(local.server.deps.storage.kind).toBe('local');
    const warnings = local.logs.filter((l) => l.level === WARN).map((l) => l.msg);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^STORAGE=local on PostgreSQL: avatars are files in .*uploads, which only this instance reads\. .*shared volume.*STORAGE=database or S3_BUCKET/);
    expect(local.logs.map((l) => l.msg)).toContain(`uploads: files in ${path.join(local.dataDir, 'uploads')} (STORAGE=local)`);
  });
});
