import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { seedFromBootData } from './app/boot-data';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Doubled slashes are collapsed before the router sees the URL (the server redirects them too).
if (window.location.pathname.includes('//')) {
  window.history.replaceState(null, '', window.location.pathname.replace(/\/{2,}/g, '/') + window.location.search + window.location.hash);
}

const queryClient = createQueryClient();
const seeded = seedFromBootData(queryClient);
const router = createRouter();

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task (on a phone a profile page's first render
// blocked the main thread for half a second: Lighthouse's Total Blocking Time, ADR 076).
const root = createRoot(document.getElementById('root')!);
let rendered = false;
const render = () => {
  if (rendered) return;
  rendered = true;
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
};
// A page whose HTML brought its data (a profile, ADR 076) also named its code, which is loading
// beside the entry: its first paint waits for it (at most a second), so the page is drawn once,
// whole, rather than an empty layout first and the page a moment later. Other pages paint the
// layout at once and their page when its code arrives.
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
