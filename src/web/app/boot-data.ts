import type { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ID, type BootData } from '@shared/boot-data';
import { rememberSignedIn, sessionQuery } from '@/features/auth/session';
import { profileKeys } from '@/features/profiles/query-keys';

/** The answers the server put into this page's HTML (a profile page, ADR 076), or null. */
export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as BootData;
  } catch {
    return null;
  }
}

/**
 * Seeds the query cache with them, so the first render of a profile page has the session and the
 * profile without asking the API again: the same answers, under the same query keys, fresh for the
 * queries' usual stale times. The element is removed once read; a later client navigation fetches.
 * True when the page had such data.
 */
export function seedFromBootData(queryClient: QueryClient, doc: Document = document): boolean {
  const data = readBootData(doc);
  doc.getElementById(BOOT_DATA_ID)?.remove();
  if (!data) return false;
  seedQueryCache(queryClient, data);
  rememberSignedIn(!!data.session.user);
  return true;
}

/** The boot data under the keys the page queries: the browser's cache, and the server's when it renders the page (ssr/render-page.tsx). */
export function seedQueryCache(queryClient: QueryClient, data: BootData) {
  queryClient.setQueryData(sessionQuery.queryKey, data.session);
  if (data.profile) queryClient.setQueryData(profileKeys.profile(data.profile.target), data.profile.view);
}
