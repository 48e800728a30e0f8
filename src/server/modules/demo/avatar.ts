import sharp from 'sharp';
import { createRng } from './prng';

/**
 * A demo member's avatar, drawn here (no network): their initials on a two-colour gradient with a
 * few soft shapes, from a generator seeded by their id, so it is the same picture every run. Drawn as
 * SVG and rendered to a 160 px PNG by sharp, the format uploaded avatars are stored in.
 */
export function avatarSvg(userId: string, fullName: string): string {
  const rng = createRng(`avatar/${userId}`);
  const hue = rng.int(0, 359);
  const hue2 = (hue + rng.int(30, 120)) % 360;
  const initials = fullName
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  const shapes = Array.from({ length: 3 }, () => {
    const [x, y, r] = [rng.int(0, 160), rng.int(0, 160), rng.int(20, 60)];
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(rng.int(6, 16) / 100).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,46%)"/><stop offset="1" stop-color="hsl(${hue2},58%,32%)"/></linearGradient></defs>
<rect width="160" height="160" fill="url(#g)"/>${shapes}
<text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="60" font-weight="700" fill="#fff">${initials}</text>
</svg>`;
}

export async function avatarPng(userId: string, fullName: string): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(userId, fullName)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
