import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';

/** Spinner while the session loads, /auth when nobody is signed in, else the page. */
export function ProtectedRoute() {
  const { user, isPending, signedOut } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ returnTo: location.pathname + location.search + location.hash }} />;
  return <Outlet />;
}
