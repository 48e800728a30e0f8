import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';
import { DatabaseStorage } from './database-storage';
import { uploadKey } from './storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// The database storage (decision 012) reads the pictures asked in one event-loop turn in one
// statement (decision 022): a page of cards shows many avatars, and many viewers the same one.
describe('pictures in the database', () => {
  it('answers the pictures asked at once with one statement, each its own bytes, a missing one null', async () => {
    const storage = new DatabaseStorage(t.deps.database.db);
    const [a, b] = [await signUpVerified(t), await signUpVerified(t)];
    const bodyA = Buffer.from('picture of a');
    const bodyB = Buffer.from('picture of b');
    const keyA = uploadKey(a.id, bodyA, 'png');
    const keyB = uploadKey(b.id, bodyB, 'jpg');
    await storage.put(keyA, bodyA, 'image/png');
    await storage.put(keyB, bodyB, 'image/jpeg');
    const missing = uploadKey(b.id, Buffer.from('never stored'), 'png');

    const { result, statements } = await statementsDuring(t.deps.database, () => Promise.all([keyA, keyB, keyA, missing, keyB].map((key) => storage.get(key))));
    expect(statements).toHaveLength(1);
    expect(result.map((f) => f && [Buffer.from(f.body).toString(), f.contentType])).toEqual([
      ['picture of a', 'image/png'],
      ['picture of b', 'image/jpeg'],
      ['picture of a', 'image/png'],
      null,
      ['picture of b', 'image/jpeg'],
    ]);

    // Read after it was asked: a picture deleted before is gone for the next request.
    await storage.delete(keyA);
    expect(await storage.get(keyA)).toBeNull();
    expect(await storage.get('../not-a-key')).toBeNull();
  });
});
