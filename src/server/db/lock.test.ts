import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError, processStartTime } from './lock';

function tmpDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-lock-'));
}

const lockFile = (dir: string) => path.join(dir, 'reelmates.lock');

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
});

/** Another live node process, as a restarted machine may give the old server's pid to. */
async function liveNodeProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

describe('data directory lock', () => {
  it('records the pid and the start time of the process that holds it', () => {
    const dir = tmpDir();
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toEqual({ pid: process.pid, start: processStartTime(process.pid) });
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('reads a process start time that stays the same for the process', () => {
    const start = processStartTime(process.pid);
    expect(start).toEqual(expect.any(String));
    expect(processStartTime(process.pid)).toBe(start);
    expect(processStartTime(999_999_999)).toBeNull();
  });

  it('refuses a second holder while the process that took it is alive', async () => {
    const dir = tmpDir();
    const pid = await liveNodeProcess();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: processStartTime(pid) }));
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now belongs to another live node process (another start time)', async () => {
    const dir = tmpDir();
    const pid = await liveNodeProcess();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: '12345' }));
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('with our own pid: taken over with another start time, refused with ours', () => {
    const dir = tmpDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, start: '12345' }));
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toEqual({ pid: process.pid, start: processStartTime(process.pid) });
    // Now held, by this very process: a second open of the directory is refused too.
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('still honours a lock of the older format (a bare pid) held by a live node process', async () => {
    const dir = tmpDir();
    fs.writeFileSync(lockFile(dir), String(await liveNodeProcess()));
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tmpDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: 999_999_999, start: '1' }));
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    fs.writeFileSync(lockFile(dir), '999999999');
    acquireDirLock(dir)();
  });
});
