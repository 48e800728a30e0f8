/**
 * Posters, backdrops and profile pictures for the offline catalogue, drawn as SVG by our server:
 * we may not redistribute TMDB's images, and a made-up picture is better than a grey box. Each title
 * gets a stable gradient picked by hashing its title and main genre.
 */

export type ArtVariant = 'poster' | 'backdrop' | 'profile';

// Dark-to-light pairs, so white text stays readable on every one of them.
const PALETTES: readonly [string, string][] = [
  ['#0f2027', '#2c5364'],
  ['#3a1c71', '#d76d77'],
  ['#141e30', '#35577d'],
  ['#42275a', '#8e5a8f'],
  ['#0b486b', '#f56217'],
  ['#1d4350', '#a43931'],
  ['#232526', '#5b5e61'],
  ['#283c86', '#45a247'],
  ['#4b134f', '#c94b4b'],
  ['#000428', '#004e92'],
  ['#2b2b3f', '#b38b59'],
  ['#16222a', '#3a6073'],
  ['#5c258d', '#4389a2'],
  ['#200122', '#8f1d1d'],
  ['#1e3c2f', '#7a9e5a'],
  ['#2c1a12', '#c07a3a'],
];

const SIZES: Record<ArtVariant, { width: number; height: number }> = {
  poster: { width: 500, height: 750 },
  backdrop: { width: 1280, height: 720 },
  profile: { width: 185, height: 185 },
};

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const MARK = 'Reelmates demo catalogue';

/** FNV-1a: small, stable across runs and platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** Greedy word wrap; the last allowed line ends with an ellipsis when text is left over. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
  return kept;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return ((words[0]?.[0] ?? '?') + (words.length > 1 ? (words[words.length - 1]![0] ?? '') : '')).toUpperCase();
}

/** Text lines as one <text>, with the font shrunk so the longest line fits the width. */
function textBlock(lines: string[], x: number, bottomY: number, maxWidth: number, baseSize: number, anchor: 'start' | 'middle') {
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.round(Math.min(baseSize, maxWidth / (longest * 0.56)));
  const lineHeight = Math.round(size * 1.08);
  const firstY = bottomY - (lines.length - 1) * lineHeight;
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${firstY + i * lineHeight}">${escapeXml(l)}</tspan>`).join('');
  return { svg: `<text font-family="${SERIF}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="${anchor}">${spans}</text>`, top: firstY - size };
}

export function renderPosterSvg(title: string, year: number | null, genreNames: readonly string[], variant: ArtVariant): string {
  const { width: w, height: h } = SIZES[variant];
  const seed = hash(`${title}|${genreNames[0] ?? ''}`);
  const [from, to] = PALETTES[seed % PALETTES.length]!;
  const glowX = 0.2 + ((seed >>> 8) % 60) / 100;
  const ringR = Math.round(Math.min(w, h) * (0.35 + ((seed >>> 16) % 30) / 100));
  const label = `${title}${year ? ` (${year})` : ''}`;
  const genresLine = escapeXml(genreNames.slice(0, 2).join(' · ').toUpperCase());
  const pad = Math.round(w * 0.08);

  let body: string;
  if (variant === 'profile') {
    // Square, initials only: pages crop it to a circle, and the name is printed beside it.
    body = `<text x="${w / 2}" y="${Math.round(h / 2 + 21)}" font-family="${SANS}" font-size="60" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(initials(title))}</text>`;
  } else if (variant === 'backdrop') {
    // Behind the page's own title and poster: colour and shape only, no text to collide with.
    body = `<text x="${w - pad}" y="${h - pad / 2}" font-family="${SANS}" font-size="22" fill="#fff" fill-opacity="0.45" text-anchor="end">${MARK}</text>`;
  } else {
    const poster = variant === 'poster';
    const lines = wrapText(title, poster ? 12 : 22, poster ? 5 : 3);
    const block = textBlock(lines, pad, h - (poster ? 150 : 170), w - pad * 2, poster ? 64 : 96, 'start');
    const meta = poster ? 20 : 28;
    const yearY = h - (poster ? 100 : 110);
    // The genres go under the year, not at the top: content cards lay the certification badge and the
    // action buttons over the poster's top corners, which would cover them there.
    const genreChars = genreNames.slice(0, 2).join(' · ').length;
    const genreSize = Math.max(10, Math.min(meta - 4, Math.floor(((w - pad * 2) / Math.max(genreChars, 1) - 3) / 0.62)));
    body =
      `<rect x="${pad / 2}" y="${pad / 2}" width="${w - pad}" height="${h - pad}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="1.5"/>` +
      `<rect x="${pad}" y="${block.top - 28}" width="${poster ? 64 : 96}" height="4" fill="#fff" fill-opacity="0.7"/>` +
      block.svg +
      (year ? `<text x="${pad}" y="${yearY}" font-family="${SANS}" font-size="${meta + 6}" fill="#fff" fill-opacity="0.85">${year}</text>` : '') +
      (genresLine
        ? `<text x="${pad}" y="${yearY + meta + 14}" font-family="${SANS}" font-size="${genreSize}" letter-spacing="3" fill="#fff" fill-opacity="0.75">${genresLine}</text>`
        : '') +
      `<text x="${w - pad}" y="${h - pad / 2 - 14}" font-family="${SANS}" font-size="${meta - 6}" fill="#fff" fill-opacity="0.55" text-anchor="end">${MARK}</text>`;
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${glowX.toFixed(2)}" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<title>${escapeXml(label)}</title>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    `<circle cx="${Math.round(w * glowX)}" cy="${Math.round(h * 0.3)}" r="${ringR}" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="${Math.round(ringR / 4)}"/>` +
    body +
    `</svg>`
  );
}
