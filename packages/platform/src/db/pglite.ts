import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by another process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`);
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two processes writing one data directory silently lose rows. A lock file holds
 * the owner's pid; one left by a process that has died is taken over. Within one process, a set of open folders.
 */
const openInThisProcess = new Set<string>();

function takeLock(dir: string): () => void {
  if (openInThisProcess.has(dir)) throw new DataDirLockedError(dir, process.pid);
  const release = takeFileLock(dir);
  openInThisProcess.add(dir);
  return () => {
    openInThisProcess.delete(dir);
    release();
  };
}

// A lock naming this very pid is stale: it was left by an earlier run that got the same pid (pid 1 in a container).
function takeFileLock(dir: string): () => void {
  const lockPath = join(dir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}

export interface OpenedPglite {
  pglite: PGlite;
  close(): Promise<void>;
}

/**
 * Opens PGlite in `dir` (created if missing), or in memory when `dir` is undefined. An in-memory instance can start
 * from a dump of another (`template`): about a second, against four for a fresh initdb, which tests rely on.
 */
export async function openPglite(dir: string | undefined, template?: Blob): Promise<OpenedPglite> {
  const options = { extensions: { pg_trgm } };
  if (!dir) {
    const pglite = await PGlite.create(template ? { ...options, loadDataDir: template } : options);
    return { pglite, close: () => pglite.close() };
  }
  mkdirSync(dir, { recursive: true });
  const releaseLock = takeLock(resolve(dir));
  try {
    const pglite = await PGlite.create(join(dir, 'pgdata'), options);
    return {
      pglite,
      async close() {
        try {
          await pglite.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
