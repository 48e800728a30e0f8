import { HouseAd } from '@/features/billing';
import { useLayoutEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { parseDetailsParams } from './details-params';
import { DetailsNotFound } from './details-states';
import { TitleDetailsView } from './title-details-view';
import type { DetailsHistoryState } from './use-related-reopen';

/** /details/:type/:id */
export default function DetailsPage() {
  const params = useParams();
  const location = useLocation();
  const parsed = parseDetailsParams(params.type, params.id);
  const preserveScroll = (location.state as DetailsHistoryState | null)?.preserveScroll === true;

  // A new title starts at the top, unless the link asked to keep the position.
  useLayoutEffect(() => {
    if (!preserveScroll) window.scrollTo(0, 0);
  }, [params.type, params.id, preserveScroll]);

  if (!parsed) return <DetailsNotFound />;
  return (
    <>
      <TitleDetailsView key={`${parsed.type}-${parsed.id}`} type={parsed.type} id={parsed.id} />
      <HouseAd />
    </>
  );
}
