// Recommendations as one service: answers for a campaign's slot, from the sources other modules keep
// (the kernel's product shelf, product activity and recommendation slots) and the model this module
// learns from product events (refreshed by the server's job, or now from the command line), and
// the evaluation of that model on a site's own events.
import type { Database } from '../../db/types.js';
import { isUnavailableError } from '../../db/unavailable.js';
import { effectiveSiteConfig, streamPositionReached, type ProductActivity, type ProductShelf, type RecommendationSlots, type SiteDirectory } from '../../kernel/index.js';
import { notFound } from '../../errors.js';
import { createAnswerMemo } from './answer-memo.js';
import { createAnswerWriter } from './answer-writer.js';
import { insertAnswers } from './answers-repository.js';
import { evaluateSite } from './evaluate-model.js';
import { createModelReader } from './model-reader.js';
import { createPopularShelf } from './popular-shelf.js';
import { recommend, type RecommendRequest } from './recommend.js';
import { createRefreshJob } from './refresh-job.js';
import { createShelfCache } from './shelf-cache.js';
import { refreshSite, type RefreshResult } from './refresh-model.js';

/** How long `refresh` waits for open transactions and for another process's refresh of the site. */
const REFRESH_WAIT_MS = 120_000;
const pause = () => new Promise((r) => setTimeout(r, 100));
/**
 * The server's job works a quarter of the time at most, in small pieces (each blocks this process a
 * few milliseconds): the process and the database serve requests too. The command works flat out,
 * or (`--paced`) as the job does, beside a server that must keep its speed.
 */
const JOB = { pace: 0.25, pieceEvents: 1_000 };

export interface RecommendationsDeps {
  db: Database;
  shelf: ProductShelf;
  activity: ProductActivity;
  slots: RecommendationSlots;
  sites: SiteDirectory;
  /** The server's refresh job ticks this often (0: never). */
  refreshSeconds: number;
}

export function createRecommendationsService(deps: RecommendationsDeps) {
  const popular = createPopularShelf({ shelf: deps.shelf, activity: deps.activity });
  const model = createModelReader(deps.db);
  let reportLost: (count: number, err: unknown) => void = () => undefined;
  const answers = createAnswerWriter({ store: (items) => insertAnswers(deps.db, items), isFatal: isUnavailableError, onLost: (count, err) => reportLost(count, err) });
  const memo = createAnswerMemo();
  const consentPolicy = async (siteId: string) => {
    const site = await deps.sites.get(siteId);
    return site && effectiveSiteConfig(site.config).consent;
  };
  const recommendDeps = { slots: deps.slots, shelf: createShelfCache(deps.shelf), popular, model, answers, memo, consentPolicy };
  const refreshDeps = { db: deps.db, activity: deps.activity };
  // What this process keeps (neighbours 20 s, popularity 30 s) ages out by itself after the job's
  // refreshes, within the contract's 60 s; an explicit refresh forgets it at once.
  const learned = (siteId: string, job?: { stopping?: () => boolean }) => refreshSite({ ...refreshDeps, ...(job ? { ...JOB, ...job } : {}) }, siteId);
  return {
    recommend: (request: RecommendRequest, now?: Date) => recommend(recommendDeps, request, now),
    /** Resolves once every answer given so far is stored (or counted lost): the app's close waits for it. */
    drainAnswers: () => answers.drain(),
    /** Where answers that could not be stored are reported, as a count (the server's log). */
    reportLostAnswersTo(listener: (count: number, err: unknown) => void): void {
      reportLost = listener;
    },
    /**
     * Learns the site's product events committed before the call, now: waits (a while at most) for
     * the horizon to pass them (other transactions still open hold it) and for another process's
     * refresh of the site to end; forgets what this process kept. `paced`: at the job's pace (a
     * quarter of the time, small pieces) instead of flat out.
     */
    async refresh(siteId: string, options: { paced?: boolean } = {}): Promise<RefreshResult> {
      if (!(await deps.sites.get(siteId))) throw notFound('Site');
      const until = Date.now() + REFRESH_WAIT_MS;
      const frontier = await deps.activity.frontier();
      while (!streamPositionReached(await deps.activity.horizon(), frontier) && Date.now() < until) await pause();
      for (;;) {
        const result = await learned(siteId, options.paced ? {} : undefined);
        if (!result.busy || Date.now() > until) {
          popular.forget(siteId);
          model.forget();
          memo.clear();
          return result;
        }
        await pause();
      }
    },
    evaluate: (siteId: string, split: Date) => evaluateSite({ activity: deps.activity, shelf: deps.shelf, sites: deps.sites }, siteId, split),
    /** The server's periodic refresh of sites with new product events. */
    job: createRefreshJob({ db: deps.db, activity: deps.activity, refresh: (siteId, stopping) => learned(siteId, { stopping }), intervalMs: deps.refreshSeconds * 1000 }),
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
