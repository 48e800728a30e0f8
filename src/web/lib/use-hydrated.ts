import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a page and while the browser takes that markup over (hydration),
 * true from the render right after, and always true on a page the browser draws alone (ADR 094).
 * For what the server must not draw: parts whose code loads on its own (LazyPart).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
