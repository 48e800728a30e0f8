import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { BootData } from '@shared/boot-data';
import { seedQueryCache } from '../app/boot-data';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

// One handler for every page: it flattens and ranks the route table once, not per request.
let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * A page's markup on the server (ADR 094): the same routes and components as the browser's, over a
 * query cache holding only the page's boot data, which the server computed for this viewer exactly as
 * the API would answer them. Nothing is fetched while rendering: what the boot data lacks renders as
 * the browser's first render would (a skeleton), and the parts with code of their own (LazyPart)
 * render their stand-ins, for the browser to load. So nothing suspends, and renderToString gives the
 * whole page: a part that did suspend would come out as a boundary left to the browser, which React
 * reports as an error on hydration (render-page.test.tsx checks there is none). Undefined when the
 * router answers with a redirect.
 */
export async function renderPage(url: string, data: BootData): Promise<string | undefined> {
  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  const queryClient = createQueryClient();
  seedQueryCache(queryClient, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
}
