import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { acquireDirLock } from '../../db/lock';
import { parseSeedArgs, runSeedCommand, SEED_USAGE } from './cli';

const configFor = (dataDir: string) => () => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });

describe('npm run seed (the command)', () => {
  it('reads its options and refuses anything else', () => {
    expect(parseSeedArgs([])).toEqual({ reset: false, force: false, size: 200, seed: 'reelmates' });
    expect(parseSeedArgs(['--reset', '--size', '50', '--seed', 'abc1', '--force'])).toEqual({ reset: true, force: true, size: 50, seed: 'abc1' });
    for (const bad of [['--size', '3'], ['--size', 'many'], ['--seed', 'a-b'], ['--wipe']]) expect(parseSeedArgs(bad)).toBe(SEED_USAGE);
  });

  it('refuses NODE_ENV=production without --force, before reading any setting or opening a database', async () => {
    const lines: string[] = [];
    const code = await runSeedCommand(
      () => {
        throw new Error('config read');
      },
      [],
      { nodeEnv: 'production' },
      (l) => lines.push(l),
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('Add --force');
  });

  it('says so clearly when a running server holds the data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-seed-lock-'));
    const release = acquireDirLock(dir);
    try {
      const lines: string[] = [];
      expect(await runSeedCommand(configFor(dir), [], {}, (l) => lines.push(l))).toBe(75);
      expect(lines.join('\n')).toMatch(/open in a running Reelmates server \(pid \d+\)[\s\S]*Stop the server first/);
      expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
    } finally {
      release();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
