import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { RunLease } from '../store/run-leases';

/** This process as a run's driver, and how it judges whether another driver is gone. */
export interface Ownership {
  id: string;
  isStale(lease: RunLease): boolean;
}

/**
 * Owner ids are `host:pid:nonce`. A lease is stale when it expired, or at once when its owner was a
 * process on this machine that no longer exists — so a run killed a moment ago can be resumed now.
 */
export function processOwner(): Ownership {
  const host = hostname();
  return {
    id: `${host}:${process.pid}:${randomBytes(3).toString('hex')}`,
    isStale(lease) {
      if (!lease.owner || lease.expiresAt < Date.now()) return true;
      const [ownerHost, pidText] = lease.owner.split(':');
      const pid = Number(pidText);
      if (ownerHost !== host || !Number.isInteger(pid) || pid === process.pid) return false;
      return !processExists(pid);
    },
  };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
