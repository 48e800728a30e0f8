import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

// Hard-coded examples (ruling 13: labelled as such), showing what a match looks like.
const SAMPLES = [
  { name: 'Maya', handle: 'maya_cinephile', match: 94, genres: ['Drama', 'Mystery'], shared: ['Parasite', 'Arrival', 'Zodiac'] },
  { name: 'Jonas', handle: 'jonas_scifi', match: 89, genres: ['Science Fiction', 'Thriller'], shared: ['Blade Runner 2049', 'Dark', 'Interstellar'] },
  { name: 'Priya', handle: 'priya_laughs', match: 86, genres: ['Comedy', 'Romance'], shared: ['The Office', 'Ted Lasso', 'Palm Springs'] },
  { name: 'Leo', handle: 'leo_noir', match: 81, genres: ['Crime', 'Drama'], shared: ['The Godfather', 'Breaking Bad', 'Heat'] },
];

export function SampleMatches() {
  return (
    <section aria-labelledby="sample-matches-title" className="mx-auto max-w-7xl px-4">
      <div className="text-center">
        <h2 id="sample-matches-title" className="text-3xl font-bold">
          Meet your potential matches
        </h2>
        <p className="mt-2 text-muted-foreground">Example matches: these people are made up, but yours will be real.</p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SAMPLES.map((s) => (
          <li key={s.handle}>
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-3 p-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-lg font-bold text-primary" aria-hidden>
                    {s.name.charAt(0)}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold">{s.name}</p>
                    <p className="truncate text-xs text-muted-foreground">@{s.handle}</p>
                  </div>
                  <Badge variant="outline" className="ml-auto">
                    Example
                  </Badge>
                </div>
                <p className="text-2xl font-bold text-primary">{s.match}% match</p>
                <div className="flex flex-wrap gap-1">
                  {s.genres.map((g) => (
                    <Badge key={g} variant="secondary">
                      {g}
                    </Badge>
                  ))}
                </div>
                <p className="text-sm text-muted-foreground">Both love {s.shared.join(', ')}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
