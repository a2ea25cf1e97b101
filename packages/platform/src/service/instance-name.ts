import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Which instance of its service this process is, under a name that outlives a restart, and which run of it (one per
 * start). Work the process claimed and never finished because it died (a workflow step) is its own to take back the
 * moment it starts again, while the claims of another instance, alive or not, wait out their lease (decision 0080).
 */
export interface ProcessInstance {
  /** `orders#2` (the launcher's label), INSTANCE_NAME, or host and port. */
  name: string;
  /** This start of it: a claim of the same name from another run was left by a process that died. */
  run: string;
}

const RUN = randomUUID();
// Until a process's start-up names it, it is no instance anyone can restart (a test, a one-off tool): a name of
// its own, so it takes back nothing of anyone else's.
let current: ProcessInstance = { name: `unnamed ${hostname()} ${process.pid} ${RUN}`, run: RUN };

/** Called once by a server's start-up, before its services are built. */
export function nameThisInstance(name: string): void {
  current = { name, run: RUN };
}

export function thisInstance(): ProcessInstance {
  return current;
}

/**
 * The name a server process goes by: INSTANCE_NAME when set (the launcher sets each instance's label), otherwise
 * its host and port, which no two live processes share and a restart keeps. A port chosen by the system (0) names
 * nothing stable, so such a process stays unnamed.
 */
export function instanceNameOf(settings: { INSTANCE_NAME?: string | undefined; PORT: number }): string | undefined {
  if (settings.INSTANCE_NAME) return settings.INSTANCE_NAME;
  return settings.PORT === 0 ? undefined : `${hostname()}:${settings.PORT}`;
}
