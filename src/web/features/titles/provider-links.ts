/** Streaming services' own sites by provider name (spec 001 §9); anything else uses the provider link or a web search. */
const PROVIDER_SITES: Record<string, string> = {
  netflix: 'https://www.netflix.com',
  'amazon prime video': 'https://www.primevideo.com',
  'amazon video': 'https://www.amazon.com/video',
  'disney plus': 'https://www.disneyplus.com',
  hulu: 'https://www.hulu.com',
  max: 'https://www.max.com',
  'hbo max': 'https://www.max.com',
  'apple tv': 'https://tv.apple.com',
  'apple tv plus': 'https://tv.apple.com',
  'paramount plus': 'https://www.paramountplus.com',
  peacock: 'https://www.peacocktv.com',
  'peacock premium': 'https://www.peacocktv.com',
  youtube: 'https://www.youtube.com',
  'google play movies': 'https://play.google.com/store/movies',
  'fandango at home': 'https://www.vudu.com',
  vudu: 'https://www.vudu.com',
  crunchyroll: 'https://www.crunchyroll.com',
  tubi: 'https://tubitv.com',
  'pluto tv': 'https://pluto.tv',
  starz: 'https://www.starz.com',
  'mgm plus': 'https://www.mgmplus.com',
};

const simplify = (name: string) =>
  name
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function providerUrl(providerName: string, fallbackLink: string | null, title: string): string {
  return PROVIDER_SITES[simplify(providerName)] ?? fallbackLink ?? `https://www.google.com/search?q=${encodeURIComponent(`watch ${title} on ${providerName}`)}`;
}
