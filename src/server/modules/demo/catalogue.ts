import { OfflineCatalogue } from '../../integrations/catalogue/offline/offline-catalogue';
import { loadOfflineData } from '../../integrations/catalogue/offline/offline-data';
import type { DemoTitle } from './community';

/**
 * The offline catalogue's titles in popularity order, as a favorite stores them (the same details
 * the lists service reads from the catalogue), so demo favorites look like anyone's.
 */
export async function demoTitles(): Promise<DemoTitle[]> {
  const catalogue = new OfflineCatalogue();
  const ranked = [...loadOfflineData().titles].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const out: DemoTitle[] = [];
  for (const t of ranked) {
    const d = await catalogue.getDetails(t.type, t.id);
    if (d) out.push({ type: t.type, id: t.id, title: d.title, genres: d.genres, posterUrl: d.posterUrl, releaseDate: d.releaseDate, voteAverage: d.voteAverage });
  }
  return out;
}
