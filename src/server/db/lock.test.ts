import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './lock';

function tmpDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-lock-'));
}

describe('data directory lock', () => {
  it('refuses a second holder while a live node process holds it', async () => {
    const dir = tmpDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      fs.writeFileSync(path.join(dir, 'reelmates.lock'), String(child.pid));
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'reelmates.lock'), '999999');
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'reelmates.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'reelmates.lock'))).toBe(false);
  });
});
