import { randomBytes, randomUUID } from 'node:crypto';
import { passkey } from '../db/schema';
import type { TestApp } from './harness';

/**
 * A passkey row of `userId`'s, as Better Auth's plugin stores one after a registration (the
 * ceremony itself needs an authenticator: e2e/passkeys.e2e.ts registers one in Chromium, and
 * modules/passkeys/passkeys.api.test.ts with a software one). For the tests of what is done with
 * rows: listing, renaming, removing, the authorization matrix.
 */
export async function insertPasskey(t: TestApp, userId: string, values: { name?: string | null; aaguid?: string; createdAt?: Date } = {}): Promise<string> {
  const id = randomUUID();
  await t.deps.database.db.insert(passkey).values({
    id,
    userId,
    name: values.name === undefined ? 'Test key' : values.name,
    publicKey: randomBytes(77).toString('base64'),
    credentialID: randomBytes(16).toString('base64url'),
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
    transports: 'internal',
    aaguid: values.aaguid ?? '00000000-0000-0000-0000-000000000000',
    createdAt: values.createdAt ?? new Date(),
  });
  return id;
}
