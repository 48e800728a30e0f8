import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY = 'reelmates-scroll';
const MAX_ENTRIES = 50;
/** Details and search pages manage their own scroll (spec 000 §2). */
const EXCLUDED = [/^\/details\//, /^\/search(\/|$)/];

type Store = Record<string, number>;

function load(): Store {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Store;
  } catch {
    return {};
  }
}

function save(key: string, y: number) {
  const store = load();
  delete store[key];
  store[key] = y; // re-inserted last: object key order makes this an LRU
  const keys = Object.keys(store);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete store[k];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    /* storage full or off */
  }
}

function pageLoadType(): string {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

export function readScrollMemory(): Store {
  return load();
}

/**
 * Remembers the scroll position per path and query (50 entries) and restores it on back/forward.
 * Content may still be loading when we arrive, so restoring retries until the page is tall enough.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const keyRef = useRef(key);
  const firstRender = useRef(true);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      const k = keyRef.current;
      if (!EXCLUDED.some((r) => r.test(k))) save(k, window.scrollY);
    };
    let frame = 0;
    const throttled = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(onScroll);
    };
    window.addEventListener('scroll', throttled, { passive: true });
    return () => window.removeEventListener('scroll', throttled);
  }, []);

  useLayoutEffect(() => {
    keyRef.current = key;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (EXCLUDED.some((r) => r.test(location.pathname))) return;
    // A page that rewrites its own query (filters kept in the URL) stays where the user is.
    if (navigationType === 'REPLACE' && samePage && !firstRender.current) return;
    // The first render of a page load counts as POP; only a reload or back/forward should restore.
    const isFirst = firstRender.current;
    firstRender.current = false;
    const restore = isFirst ? ['reload', 'back_forward'].includes(pageLoadType()) : navigationType === 'POP';
    const target = restore ? load()[key] : undefined;
    if (target === undefined) {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const attempt = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(target, Math.max(0, max)));
      if (window.scrollY < target - 1 && tries++ < 40) timer = window.setTimeout(attempt, 50);
    };
    let timer = window.setTimeout(attempt, 0);
    return () => window.clearTimeout(timer);
  }, [key, location.pathname, location.hash, navigationType]);

  return null;
}
