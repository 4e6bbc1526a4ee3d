// The refresh of a site's model: the product events after its cursor (up to the stream's horizon,
// which no late commit can pass) learned piece by piece, then the neighbours of every product the
// new events touched ranked again (and of the products that have one of those as a neighbour, when
// its norm grew past the drift), then sessions long finished forgotten.
//
// Bounded memory: a piece is at most PIECE_EVENTS events and the sessions they name; a ranking
// batch at most RANK_BATCH products and their candidates. Each piece is one transaction holding
// the site's model row (FOR UPDATE SKIP LOCKED): its counts, its sessions and the cursor move
// together or not at all, and a process that finds the row held leaves the site to the one holding
// it, so two processes never learn the same event twice.
import type { Database, Queryable } from '../../db/types.js';
import type { ProductActivity } from '../../kernel/index.js';
import { learn, MODEL_KINDS, MODEL_PARAMS, type ModelKind, type ModelParams, type SessionState } from './co-occurrence.js';
import { CountBatch } from './count-batch.js';
import * as repo from './model-repository.js';
import { MIN_SESSIONS, topNeighbours } from './neighbours.js';

/**
 * A piece of the command's refresh (the server's job learns in pieces of 1,000, at a quarter of the
 * time). Pairs repeated within a piece are summed before their one upsert, and a session's state is
 * loaded and saved once a piece: 1M events took 60-75 s in pieces of 20,000 against 83-101 s in
 * pieces of 5,000 (peak RSS 338 MiB; 420-438 MiB in pieces of 50,000 for 54-63 s), BENCHMARKS.md.
 */
export const PIECE_EVENTS = 20_000;
export const RANK_BATCH = 200;
export const SPREAD_BATCH = 2_000;
/**
 * A refresh that learned at least this many events, and a tenth of all its site's model has
 * learned, refreshes the statistics of the model's tables before ranking: a large load must not be
 * planned with the statistics of the small tables of its start (autovacuum analyses small changes).
 */
export const ANALYZE_AFTER_EVENTS = 1_000;
/**
 * A product's neighbours are ranked again when it gains a session or a pair, and when one of its
 * neighbours' norms has grown by this much since: a stored score is then at most ~2.5 % off its
 * exact value (1/√1.05), and a popular product's partners are not all ranked again at each refresh.
 */
export const RESCORE_DRIFT = 0.05;
/** A session silent this long (by its events' time) is forgotten: a later event of it starts afresh. */
export const SESSION_MEMORY_MS = 86_400_000;

export interface RefreshDeps {
  db: Database;
  activity: ProductActivity;
  params?: ModelParams;
  pieceEvents?: number;
  /** RESCORE_DRIFT unless given (0: every score exact after each refresh). */
  drift?: number;
  /**
   * The share of time the refresh works (0–1; default 1): after each transaction it rests long
   * enough to leave the rest to the requests the process and the database also serve.
   */
  pace?: number;
  /** Asked between transactions: true ends the refresh there (the process is stopping); the next one carries on. */
  stopping?: () => boolean;
}

/** One transaction of the refresh, then the rest its pace asks for. */
async function step<T>(deps: RefreshDeps, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await deps.db.transaction(fn);
  const pace = deps.pace ?? 1;
  if (pace < 1) await new Promise((r) => setTimeout(r, ((performance.now() - started) * (1 - pace)) / pace));
  return result;
}

export interface RefreshResult {
  site_id: string;
  /** Another process was refreshing the site: this one left it. */
  busy: boolean;
  events: number;
  interactions: number;
  ranked: number;
  forgotten_sessions: number;
}

/** Learns one piece of the stream in the caller's transaction; null when another process holds the model. */
async function learnPiece(tx: Queryable, deps: RefreshDeps, siteId: string, horizon: string): Promise<{ events: number; interactions: number; done: boolean; learned: number } | null> {
  const model = await repo.lockModel(tx, siteId);
  if (!model) return null;
  const page = await deps.activity.interactionsAfter(siteId, model.cursor, horizon, deps.pieceEvents ?? PIECE_EVENTS, tx);
  if (page.events === 0) return { events: 0, interactions: 0, done: true, learned: model.events };
  const sessions: Map<string, SessionState> = await repo.loadSessions(tx, siteId, [...new Set(page.interactions.map((i) => i.sessionId))]);
  const batch = new CountBatch();
  // In the order they occurred: one transaction's events (a batch) come in event-id order.
  const interactions = [...page.interactions].sort((a, b) => a.at - b.at);
  for (const i of interactions) sessions.set(i.sessionId, learn(sessions.get(i.sessionId), i, batch, deps.params ?? MODEL_PARAMS));
  await repo.addPairs(tx, siteId, batch.pairDeltas());
  await repo.addProducts(tx, siteId, batch.productDeltas());
  await repo.saveSessions(tx, siteId, sessions);
  await repo.advanceModel(tx, siteId, page.next, page.events);
  return { events: page.events, interactions: page.interactions.length, done: page.done, learned: model.events + page.events };
}

/**
 * Tells the partners of products whose norm grew past the drift to rank again (one batch); how
 * many grew (0: none left), null when another process holds the model.
 */
async function spreadGrowth(tx: Queryable, siteId: string, kind: ModelKind, drift: number): Promise<number | null> {
  if (!(await repo.lockModel(tx, siteId))) return null;
  const grown = await repo.takeGrownProducts(tx, siteId, kind, drift, SPREAD_BATCH);
  await repo.markPartnersStale(tx, siteId, kind, grown, MIN_SESSIONS);
  return grown.length;
}

/** Ranks the neighbours of one batch of stale products of a kind; how many (0: none left), null when another process holds the model. */
async function rankBatch(tx: Queryable, siteId: string, kind: ModelKind): Promise<number | null> {
  if (!(await repo.lockModel(tx, siteId))) return null;
  const stale = await repo.staleProducts(tx, siteId, kind, RANK_BATCH);
  if (stale.length === 0) return 0;
  const candidates = await repo.candidatesOf(tx, siteId, kind, stale.map((p) => p.productId), MIN_SESSIONS);
  const lists = new Map(stale.map((p) => [p.productId, topNeighbours(p.productId, p.norm, candidates.get(p.productId) ?? [])]));
  await repo.saveNeighbours(tx, siteId, kind, lists);
  return stale.length;
}

/** Learns the stream up to the horizon; false when another process holds the model. */
async function learnStream(deps: RefreshDeps, siteId: string, result: RefreshResult): Promise<boolean> {
  const horizon = await deps.activity.horizon();
  let learned = 0;
  for (;;) {
    if (deps.stopping?.()) return true;
    const piece = await step(deps, (tx) => learnPiece(tx, deps, siteId, horizon));
    if (!piece) return false;
    result.events += piece.events;
    result.interactions += piece.interactions;
    learned = piece.learned;
    if (piece.done) break;
  }
  if (result.events >= ANALYZE_AFTER_EVENTS && result.events >= learned / 10) await repo.analyzeModel(deps.db);
  return true;
}

/** Ranks again what the learning made stale, both kinds; false when another process holds the model. */
async function rankStale(deps: RefreshDeps, siteId: string, result: RefreshResult): Promise<boolean> {
  for (const kind of MODEL_KINDS) {
    for (;;) {
      if (deps.stopping?.()) return true;
      const grown = await step(deps, (tx) => spreadGrowth(tx, siteId, kind, deps.drift ?? RESCORE_DRIFT));
      if (grown === null) return false;
      if (grown < SPREAD_BATCH) break;
    }
    for (;;) {
      if (deps.stopping?.()) return true;
      const ranked = await step(deps, (tx) => rankBatch(tx, siteId, kind));
      if (ranked === null) return false;
      result.ranked += ranked;
      if (ranked < RANK_BATCH) break;
    }
  }
  return true;
}

/** Brings the site's model up to date with its product events; returns what it did. */
export async function refreshSite(deps: RefreshDeps, siteId: string, now = new Date()): Promise<RefreshResult> {
  const result: RefreshResult = { site_id: siteId, busy: false, events: 0, interactions: 0, ranked: 0, forgotten_sessions: 0 };
  if (!(await learnStream(deps, siteId, result)) || !(await rankStale(deps, siteId, result))) return { ...result, busy: true };
  if (deps.stopping?.()) return result;
  const before = new Date(now.getTime() - SESSION_MEMORY_MS);
  result.forgotten_sessions = await deps.db.transaction(async (tx) => ((await repo.lockModel(tx, siteId)) ? repo.forgetSessions(tx, siteId, before) : 0));
  return result;
}
