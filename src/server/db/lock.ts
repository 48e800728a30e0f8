import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes writing one data directory would corrupt it.
 * We hold a lock file with our pid while the directory is open, and refuse to start when a live
 * process holds it. A lock left by a killed process (its pid is gone, or now belongs to something
 * that is not node) is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `The database in ${dir} is in use by another Reelmates process (pid ${pid}). ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
  }
}

function isLiveNodeProcess(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('node');
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'reelmates.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(safeRead(lockPath), 10);
      if (holder !== process.pid && isLiveNodeProcess(holder)) throw new DataDirLockedError(dir, holder);
      fs.rmSync(lockPath, { force: true }); // stale: its owner died without releasing it
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
