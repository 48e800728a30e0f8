import { strToU8, zipSync, type Zippable } from 'fflate';
import { DATA_EXPORT_TTL_MS } from '../../../shared/data-export';
import type { ExportContent } from './collect';

const README = (at: Date) =>
  [
    'Your Reelmates data',
    '',
    `Prepared on ${at.toISOString()}. The download link was valid for ${DATA_EXPORT_TTL_MS / 3_600_000} hours.`,
    '',
    'profile.json              your profile, account and social links',
    'settings.json             notification and privacy preferences',
    'favorites.json            your favorites with your ratings (1 to 5)',
    'watchlist.json            your watchlist',
    'follows.json              who follows you and whom you follow',
    'messages.json             your conversations',
    'notifications.json        your notifications',
    'forum-posts.json          threads and replies you wrote',
    'favorites-letterboxd.csv  your favorite films, for letterboxd.com/import (series are in favorites.json)',
    'uploads/                  the pictures you uploaded',
    '',
  ].join('\n');

/** The ZIP (fflate, decision 056): JSON indented for people to read, pictures stored as they are (already compressed). */
export function buildZip(content: ExportContent, at = new Date()): Buffer {
  const files: Zippable = { 'README.txt': strToU8(README(at)) };
  for (const [name, value] of Object.entries(content.json)) files[name] = strToU8(JSON.stringify(value, null, 2) + '\n');
  files['favorites-letterboxd.csv'] = strToU8(content.csv);
  for (const upload of content.uploads) files[upload.name] = [new Uint8Array(upload.body), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6, mtime: at }));
}
