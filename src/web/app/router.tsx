import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from './layout/protected-route';
import { RootLayout } from './layout/root-layout';
import { retryImport } from '@/lib/retry-import';
import { RedirectAdvancedDiscovery, RedirectConversation, RedirectTitle } from './redirects';
import RouteErrorPage from './route-error-page';

/** Every page is its own chunk, so the landing page loads only what it needs. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await retryImport(load)).default }),
});
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await retryImport(load))[name] }),
});
const profileRoutes = () => import('./pages/profile-route');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first page's chunk loads, the layout itself (header, empty main, footer) is drawn:
    // its Outlet is empty until then, and React keeps the same RootLayout when the page arrives.
    // Without it nothing painted before the page's chunk and all its imports had loaded.
    HydrateFallback: RootLayout,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, ...page(() => import('@/features/landing/landing-page')) },
      { path: 'auth', ...page(() => import('@/features/auth/auth-page')) },
      { path: 'auth-password-reset', ...page(() => import('@/features/auth/password-reset-page')) },
      { path: 'pricing', ...page(() => import('@/features/billing/pricing-page')) },
      // The offline default's checkout (visitors may donate): a test-mode page of ours.
      { path: 'billing/test-checkout/:id', ...page(() => import('@/features/billing/test-checkout-page')) },
      // A notification mail's unsubscribe link (RFC 8058): no sign-in, the signed token is the key.
      { path: 'unsubscribe/:token', ...page(() => import('@/features/settings/unsubscribe-page')) },
      { path: 'help-center', ...page(() => import('@/features/help/help-center-page')) },
      { path: 'contact', ...page(() => import('@/features/support/contact-page')) },
      { path: 'report-bug', ...page(() => import('@/features/support/report-bug-page')) },
      { path: 'feature-request', ...page(() => import('@/features/support/feature-request-page')) },
      { path: 'support', ...page(() => import('@/features/support/donation-page')) },
      { path: 'privacy', ...page(() => import('@/features/legal/privacy-page')) },
      { path: 'terms', ...page(() => import('@/features/legal/terms-page')) },
      { path: 'cookies', ...page(() => import('@/features/legal/cookies-page')) },
      { path: 'dmca', ...page(() => import('@/features/legal/dmca-page')) },
      { path: 'dev/mailbox', ...page(() => import('@/features/dev-mailbox/mailbox-page')) },
      { path: 'advanced-discovery', element: <RedirectAdvancedDiscovery /> },
      { path: 'movie/:id', element: <RedirectTitle type="movie" /> },
      { path: 'tv/:id', element: <RedirectTitle type="tv" /> },
      { path: 'messages/:userId', element: <RedirectConversation /> },
      { path: 'message/:userId', element: <RedirectConversation /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'discover', ...page(() => import('./pages/discover-route')) },
          { path: 'search', ...page(() => import('@/features/titles/search-page')) },
          { path: 'advanced-discover', ...page(() => import('@/features/titles/advanced-discover-page')) },
          { path: 'matches', ...page(() => import('@/features/matches/matches-page')) },
          { path: 'details/:type/:id', ...page(() => import('@/features/titles/details-page')) },
          { path: 'forums/threads/:threadId', ...page(() => import('@/features/forums/thread-page')) },
          { path: 'profile', ...named(profileRoutes, 'OwnProfileRedirect') },
          { path: 'profile/:userId', ...named(profileRoutes, 'ProfileByIdRoute') },
          { path: 'settings', ...page(() => import('./pages/settings-page')) },
          { path: 'billing/manage', ...page(() => import('@/features/billing/manage-page')) },
          { path: 'messages', ...page(() => import('@/features/messages/messages-page')) },
          { path: 'notifications', ...page(() => import('@/features/notifications/notifications-page')) },
        ],
      },
      // /{username} is the public profile link (ruling 2); an unknown name shows the not-found view.
      { path: ':username', ...named(profileRoutes, 'ProfileByUsernameRoute') },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the routes `location` matches and puts it on them, so a router made afterwards
 * renders the page at once rather than its fallback first: what a page drawn by the server needs to
 * be hydrated (the server's render had the code; ADR 094).
 */
export async function loadMatchedRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
