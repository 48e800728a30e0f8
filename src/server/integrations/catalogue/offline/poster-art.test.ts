import { describe, expect, it } from 'vitest';
import { escapeXml, renderPosterSvg, wrapText } from './poster-art';

describe('renderPosterSvg', () => {
  it('draws a poster with the title, year, genres and the demo mark', () => {
    const svg = renderPosterSvg('Fight Club', 1999, ['Drama', 'Thriller'], 'poster');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="500" height="750"/);
    expect(svg).toContain('>Fight Club</tspan>');
    expect(svg).toContain('>1999<');
    expect(svg).toContain('DRAMA · THRILLER');
    expect(svg).toContain('Reelmates demo catalogue');
    expect(svg).not.toMatch(/<script|href=|url\(http/);
  });

  it('keeps the top of the poster free of text, where cards lay the certification badge and actions', () => {
    for (const [title, genres] of [
      ['Fight Club', ['Drama', 'Thriller']],
      ['Eternal Sunshine of the Spotless Mind', ['Science Fiction', 'Documentary']],
    ] as const) {
      const svg = renderPosterSvg(title, 2004, genres, 'poster');
      const texts = [...svg.matchAll(/<(?:text|tspan)[^>]* y="(\d+)"[^>]*>([^<]*)</g)].map((m) => ({ y: Number(m[1]), text: m[2]! }));
      const genreLine = texts.find((t) => t.text === genres.join(' · ').toUpperCase())!;
      const year = texts.find((t) => t.text === '2004')!;
      // The badge and buttons cover up to about the top 45% of a phone-sized card.
      expect(Math.min(...texts.filter((t) => t.text).map((t) => t.y))).toBeGreaterThan(750 * 0.3);
      expect(genreLine.y).toBeGreaterThan(year.y);
      expect(genreLine.y).toBeLessThan(750 - 20);
    }
  });

  it('sizes backdrops and profiles', () => {
    expect(renderPosterSvg('Breaking Bad', 2008, ['Drama'], 'backdrop')).toContain('width="1280" height="720"');
    const profile = renderPosterSvg('Bryan Cranston', null, [], 'profile');
    expect(profile).toContain('width="185" height="185"');
    expect(profile).toContain('>BC<');
  });

  it('is stable for a title and varies between titles', () => {
    const gradient = (svg: string) => svg.match(/stop-color="(#[0-9a-f]{6})"/)![1];
    expect(renderPosterSvg('Up', 2009, ['Animation'], 'poster')).toBe(renderPosterSvg('Up', 2009, ['Animation'], 'poster'));
    const colours = new Set(['Up', 'Heat', 'Alien', 'Jaws', 'Rocky', 'Psycho', 'Vertigo', 'Amélie'].map((t) => gradient(renderPosterSvg(t, 2000, ['Drama'], 'poster'))));
    expect(colours.size).toBeGreaterThan(3);
  });

  it('escapes markup in titles', () => {
    const svg = renderPosterSvg('Tom & Jerry <script>', 1940, ['Comedy'], 'poster');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&amp;');
    expect(escapeXml(`"a' <b>`)).toBe('&quot;a&apos; &lt;b&gt;');
  });
});

describe('wrapText', () => {
  it('wraps at word boundaries and ellipsises what does not fit', () => {
    expect(wrapText('Eternal Sunshine of the Spotless Mind', 12, 5)).toEqual(['Eternal', 'Sunshine of', 'the Spotless', 'Mind']);
    expect(wrapText('one two three four five six', 7, 2)).toEqual(['one two', 'three…']);
  });
});
