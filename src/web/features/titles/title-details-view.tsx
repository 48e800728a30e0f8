import { ApiError } from '@/lib/api';
import type { MediaType } from '@shared/catalogue';
import { useTitleDetails } from './api';
import { BackButton } from './back-button';
import { CastList } from './cast-list';
import { CompaniesSection } from './companies-section';
import { DetailsHero } from './details-hero';
import { DetailsLoading, DetailsNotFound } from './details-states';
import { ParentalGuideSection } from './parental-guide-section';
import { ErrorState } from './query-states';
import { RelatedTitlesDialog } from './related-titles-dialog';
import { SeasonsSection } from './seasons-section';
import { DiscussionsSlot } from './title-slots';
import { useRelatedModal } from './use-related-reopen';
import { WhereToWatch } from './where-to-watch';

/** One title's page; mounted afresh for every type and id. */
export function TitleDetailsView({ type, id }: { type: MediaType; id: number }) {
  const details = useTitleDetails(type, id);
  const related = useRelatedModal();

  if (details.isPending) return <DetailsLoading />;
  if (details.isError) {
    if (details.error instanceof ApiError && details.error.status === 404) return <DetailsNotFound />;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        <BackButton className="self-start" />
        <ErrorState title="Could not load details." error={details.error} onRetry={() => void details.refetch()} />
      </div>
    );
  }

  const title = details.data;
  return (
    <article className="pb-24 md:pb-12">
      <DetailsHero title={title} onOpenRelated={() => related.onOpenChange(true)} />
      <div className="mx-auto mt-10 flex max-w-6xl flex-col gap-12 px-4">
        <DiscussionsSlot title={title} />
        <WhereToWatch providers={title.watchProviders} title={title.title} />
        {title.mediaType === 'tv' ? <SeasonsSection titleId={title.id} seasons={title.seasons} /> : null}
        <CastList cast={title.cast} />
        <CompaniesSection companies={title.companies} />
        <ParentalGuideSection certification={title.certification} items={title.parentalGuide} />
      </div>
      <RelatedTitlesDialog type={type} id={id} name={title.title} open={related.open} onOpenChange={related.onOpenChange} onPick={related.pick} />
    </article>
  );
}
