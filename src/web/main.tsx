import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, loadMatchedRoutes } from './app/router';
import { seedFromBootData } from './app/boot-data';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Doubled slashes are collapsed before the router sees the URL (the server redirects them too).
if (window.location.pathname.includes('//')) {
  window.history.replaceState(null, '', window.location.pathname.replace(/\/{2,}/g, '/') + window.location.search + window.location.hash);
}

const queryClient = createQueryClient();
const seeded = seedFromBootData(queryClient);
const container = document.getElementById('root')!;
const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Hydrated />
    </QueryClientProvider>
  </StrictMode>
);

/** Once React has the page (drawn by the server or not), its controls take clicks (styles.css, ADR 094). */
function Hydrated() {
  useEffect(() => container.removeAttribute('data-hydrating'), []);
  return null;
}

/**
 * The page as drawn on the browser alone. The first render is a transition: React renders it in
 * slices of a few milliseconds, yielding to the browser between them, instead of one long task (on
 * a phone a profile page's first render blocked the main thread for half a second: Lighthouse's
 * Total Blocking Time, ADR 076).
 */
function renderOnClient() {
  const router = createRouter();
  const root = createRoot(container);
  let rendered = false;
  const render = () => {
    if (rendered) return;
    rendered = true;
    startTransition(() => root.render(app(router)));
  };
  // A page whose HTML brought its data also named its code, which is loading beside the entry: its
  // first paint waits for it (at most a second), so the page is drawn once, whole, rather than an
  // empty layout first and the page a moment later. Other pages paint the layout at once and their
  // page when its code arrives.
  if (seeded && !router.state.initialized) {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
    setTimeout(render, 1_000);
  } else {
    render();
  }
}

/**
 * A page whose HTML came drawn by the server (a profile, ADR 094) is already painted: React takes
 * over the markup instead of drawing it again, once the route's code is here (asked for with the
 * entry by start-after-paint.js), so its first render matches the server's. As a transition, so it runs in slices too. If the
 * route's code cannot be loaded, the browser draws the page itself (its error view, with a reload).
 */
function hydrate() {
  loadMatchedRoutes(window.location).then(
    () => startTransition(() => void hydrateRoot(container, app(createRouter()))),
    () => renderOnClient(),
  );
}

if (seeded && container.firstElementChild) hydrate();
else renderOnClient();
