import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { type SeasonSummary, visibleSeasons } from '@shared/catalogue';
import { DetailsSection } from './details-section';
import { SeasonEpisodes } from './season-episodes';

/** TV seasons with episodes, newest first; each opens to load its episodes. */
export function SeasonsSection({ titleId, seasons }: { titleId: number; seasons: SeasonSummary[] }) {
  const shown = visibleSeasons(seasons);
  if (!shown.length) return null;
  return (
    <DetailsSection id="details-seasons" title="Seasons">
      <Accordion type="multiple" className="rounded-xl border bg-card px-4">
        {shown.map((s) => (
          <AccordionItem key={s.seasonNumber} value={String(s.seasonNumber)}>
            <AccordionTrigger className="hover:no-underline">
              <span className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
                <span>{s.name || `Season ${s.seasonNumber}`}</span>
                <span className="sr-only">, </span>
                <span className="text-sm font-normal text-muted-foreground">
                  {s.episodeCount === 1 ? '1 episode' : `${s.episodeCount} episodes`}
                  {s.airDate ? ` · ${s.airDate.slice(0, 4)}` : ''}
                </span>
              </span>
            </AccordionTrigger>
            <AccordionContent>
              <SeasonEpisodes titleId={titleId} seasonNumber={s.seasonNumber} />
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </DetailsSection>
  );
}
