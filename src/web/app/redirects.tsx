import { Navigate, useLocation, useParams } from 'react-router';

export function RedirectAdvancedDiscovery() {
  const { search } = useLocation();
  return <Navigate to={`/advanced-discover${search}`} replace />;
}

export function RedirectTitle({ type }: { type: 'movie' | 'tv' }) {
  const { id } = useParams();
  return <Navigate to={`/details/${type}/${id ?? ''}`} replace />;
}

export function RedirectConversation() {
  const { userId } = useParams();
  return <Navigate to={`/messages?conversation_with=${encodeURIComponent(userId ?? '')}`} replace />;
}
