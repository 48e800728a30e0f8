import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes writing one data directory would corrupt it.
 * We hold a lock file while the directory is open, and refuse to start when the process that
 * wrote it is still running. The file names that process by its pid and its start time: a pid is
 * reused (after a reboot or a container restart, the old server's pid often belongs to another
 * node process, or to us), so a lock whose pid is alive but started at another time is stale and
 * taken over, like one whose pid is gone. No one has to remove a lock file by hand.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is in use by another Reelmates process (pid ${pid}). ` + 'Stop that process first, or start this one with another DATA_DIR.');
  }
}

interface LockHolder {
  pid: number;
  /** processStartTime of the holder when it took the lock; absent in locks of the older format. */
  start?: string | null;
}

/**
 * When a process started, as an opaque string that stays the same for its whole life: field 22
 * of /proc/<pid>/stat (clock ticks after boot) on Linux, else what `ps -o lstart=` says (macOS,
 * BSD). null when the process does not exist or neither source answers.
 */
export function processStartTime(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // fields[0] is field 3
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync('/proc/self/stat')) return null; // no such process
  }
  try {
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's holder is still running. */
function isHeld(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  const now = processStartTime(holder.pid);
  if (holder.start && now) return holder.start === now;
  // A lock of the older format (or no way to read start times): our own pid cannot be a holder
  // that is still running elsewhere, and a pid that is not node's is not a server of ours.
  if (holder.pid === process.pid) return false;
  try {
    return fs.readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

function readHolder(content: string): LockHolder {
  try {
    const parsed = JSON.parse(content) as Partial<LockHolder>;
    if (typeof parsed === 'object' && parsed !== null) return { pid: Number(parsed.pid), start: typeof parsed.start === 'string' ? parsed.start : null };
  } catch {
    /* the older format: just the pid */
  }
  return { pid: Number.parseInt(content, 10) };
}

export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'reelmates.lock');
  const mine = JSON.stringify({ pid: process.pid, start: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const content = safeRead(lockPath);
      const holder = readHolder(content);
      if (isHeld(holder)) throw new DataDirLockedError(dir, holder.pid);
      // Stale: its owner died without releasing it. (Unless another starting process has just
      // replaced it with its own: that one is left alone, and the next attempt finds it.)
      if (safeRead(lockPath) === content) fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
