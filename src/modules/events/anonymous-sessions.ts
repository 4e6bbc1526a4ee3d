// Anonymous sessions (CONTRACT §13): what ingestion asks for an event without analytics consent.
// The day's salt of a site is made on first use (every process agrees on one: consent-salts-repository)
// and kept in memory for that day only; the inactivity rule's state is in the database, so two server
// processes give a visitor the same session. A background sweep deletes salts 48 h after they were
// made, and the sessions' state once it can only start a new session.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { periodic } from '../../jobs/periodic.js';
import type { Secrets } from '../../secrets.js';
import { clientBucket } from '../../rate-limit/client-address.js';
import { anonSessionId, SALT_LIFETIME_MS, SESSION_IDLE_MS, utcDay, visitorHash } from './anonymous-session.js';
import * as repo from './consent-salts-repository.js';

/** How often a server process sweeps expired salts and sessions. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** A session's state idle this long is deleted (it could only start a new session). */
const SESSION_STATE_MS = 2 * SESSION_IDLE_MS;
/** Salts kept in memory at most (one per site active today). */
const MAX_CACHED_SALTS = 50_000;

export interface Visitor {
  /** The client address as the server derived it (never stored). */
  address: string;
  userAgent: string;
}

export interface AnonymousSessions {
  /** The anonymous session id of the visitor of `siteId` at `at` (epoch ms). */
  sessionOf(siteId: string, visitor: Visitor, at: number): Promise<string>;
  /** Deletes what expired by `now`: salts made 48 h before, idle sessions' state. */
  sweep(now?: number): Promise<{ salts: number; sessions: number }>;
  start(onError: (err: unknown, context?: string) => void): void;
  stop(): Promise<void>;
}

export function createAnonymousSessions(db: Database, secrets: Secrets, options: { sweepIntervalMs?: number } = {}): AnonymousSessions {
  const key = secrets.key('anonymous-session');
  // Today's salts by site: a salt serves its own day only, so the map is emptied when the day turns.
  let day = '';
  const salts = new Map<string, Promise<Buffer>>();
  const loop = periodic(options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);

  function saltOf(siteId: string, at: number): Promise<Buffer> {
    const today = utcDay(at);
    if (today !== day || salts.size >= MAX_CACHED_SALTS) {
      day = today;
      salts.clear();
    }
    let salt = salts.get(siteId);
    if (!salt) {
      salt = repo.ensureSalt(db, siteId, today, randomBytes(32), at);
      salts.set(siteId, salt);
      // A failed read is not kept: the next event asks again.
      salt.catch(() => salts.get(siteId) === salt && salts.delete(siteId));
    }
    return salt;
  }

  const sweep = (now = Date.now()) => repo.deleteExpired(db, now - SALT_LIFETIME_MS, now - SESSION_STATE_MS);

  return {
    async sessionOf(siteId, visitor, at) {
      const salt = await saltOf(siteId, at);
      const hash = visitorHash(key, salt, siteId, clientBucket(visitor.address), visitor.userAgent);
      const startedAt = await repo.touchAnonSession(db, siteId, hash, at, SESSION_IDLE_MS);
      return anonSessionId(key, hash, startedAt);
    },
    sweep,
    start(onError) {
      loop.start(() => sweep(), (err) => onError(err, 'consent salts sweep'));
    },
    stop: () => loop.stop(),
  };
}
