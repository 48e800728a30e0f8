import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BOOT_DATA_ID, type BootData } from '@shared/boot-data';
import { sessionQuery } from '@/features/auth/session';
import { profileKeys } from '@/features/profiles/query-keys';
import { seedFromBootData } from './boot-data';

/** A document with (or without) the boot-data element, enough for seedFromBootData. */
function fakeDocument(text: string | null) {
  let element: { textContent: string; remove: () => void } | null = text === null ? null : { textContent: text, remove: () => (element = null) };
  return {
    getElementById: (id: string) => (id === BOOT_DATA_ID ? element : null),
    get element() {
      return element;
    },
  };
}

const view = { id: 'u1', username: 'Film_Fan', isOwn: false } as unknown as NonNullable<BootData['profile']>['view'];

describe('seedFromBootData', () => {
  it('puts the session and the profile under the keys the page queries, and removes the element', () => {
    const doc = fakeDocument(JSON.stringify({ session: { user: null, access: null }, profile: { target: { username: 'Film_Fan' }, view } }));
    const client = new QueryClient();
    expect(seedFromBootData(client, doc as unknown as Document)).toBe(true);
    expect(client.getQueryData(sessionQuery.queryKey)).toEqual({ user: null, access: null });
    // The route asks by the name as typed in the URL; the key ignores case.
    expect(client.getQueryData(profileKeys.profile({ username: 'film_fan' }))).toEqual(view);
    expect(doc.element).toBeNull();
  });

  it('seeds only the session when the page has no profile, and nothing without the element or with broken JSON', () => {
    const client = new QueryClient();
    seedFromBootData(client, fakeDocument(JSON.stringify({ session: { user: null, access: null } })) as unknown as Document);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([sessionQuery.queryKey]);
    for (const text of [null, '{not json']) {
      const empty = new QueryClient();
      expect(seedFromBootData(empty, fakeDocument(text) as unknown as Document)).toBe(false);
      expect(empty.getQueryCache().getAll()).toEqual([]);
    }
  });
});
