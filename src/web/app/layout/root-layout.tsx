import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { BackToTop } from '@/components/layout/back-to-top';
import { BottomTabs } from '@/components/layout/bottom-tabs';
import { ScrollMemory } from '@/components/layout/scroll-memory';
import { LazyPart } from '@/components/lazy-part';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { useSignupHash } from '@/features/auth/use-signup-hash';
import { useTrialReminder } from '@/features/auth/use-trial-reminder';
import { useCheckoutReturn } from '@/features/billing/use-checkout-return';
import { useTheme } from '@/lib/theme';
import { AppTitleActions } from '../title-actions';
import { Footer } from './footer';
import { Header } from './header';

// What the event stream changes; signed-in users only, so it loads in its own chunk.
const LiveUpdates = lazy(() => import('./live-updates').then((m) => ({ default: m.LiveUpdates })));

export function RootLayout() {
  const { user } = useSession();
  const { theme } = useTheme();
  const { pathname } = useLocation();
  useSignupHash();
  useTrialReminder();
  useCheckoutReturn();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* One event stream per tab while signed in, opened with the handlers that use it (one lazy chunk). */}
      {user ? (
        <LazyPart fallback={null}>
          <LiveUpdates />
        </LazyPart>
      ) : null}
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps while a page loads (CLS). */}
      <main id="main" className="min-h-dvh flex-1">
        <AppTitleActions>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </AppTitleActions>
      </main>
      <Footer />
      {user && pathname !== '/auth' ? <BottomTabs /> : null}
      <BackToTop threshold={/^\/(discover|details)(\/|$)/.test(pathname) ? 400 : 300} />
      <ScrollMemory />
      <Toaster richColors closeButton position="top-center" theme={theme} />
    </div>
  );
}
