// Paced (open-loop) runs in alternated rounds, and how the benchmarks report them (bench/hot-paths.ts,
// bench/recommendations.ts). A target's figure at a rate is the run with the lowest p99, as each
// throughput figure is the best of its rounds: the host's slow spells (its cores' speed swings by a
// fifth from one minute to the next, BENCHMARKS.md) land in some runs and not others. Every run's
// p99 is reported beside it, and the non-2xx of all of them; the bare route at half its own best
// rate beside each route shows what half load costs a server that does nothing on that host.
import type { Target } from './generators.js';
import { fmt, pacedLoad, type PacedResult } from './lib.js';

/** Each paced run's length, after a 2 s warm-up. */
export const PACED_SECONDS = 10;
/** Paced rounds (BENCH_PACED_ROUNDS, default 5: a 10 s run either falls in a slow spell of the host or not). */
export const PACED_ROUNDS = Math.max(1, Number(process.env.BENCH_PACED_ROUNDS ?? 5));

/** The runs of one target at one rate: the one with the lowest p99, every run's p99, the non-2xx of all. */
export interface PacedSeries {
  best: PacedResult;
  p99s: number[];
  non2xx: number;
}

export const seriesOf = (runs: readonly PacedResult[]): PacedSeries => ({
  best: runs.reduce((a, b) => (b.p99 < a.p99 ? b : a)),
  p99s: runs.map((r) => r.p99),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
});

/** A target held at a rate; `what` names it in the log. */
export interface PacedJob {
  what: string;
  target: Target;
  rate: number;
}

/** One paced run of a job: a 2 s warm-up (not measured), then PACED_SECONDS. */
export async function pacedRun(job: PacedJob): Promise<PacedResult> {
  const options = { url: job.target.url, rate: job.rate, method: job.target.method, headers: job.target.headers, body: job.target.body, paths: job.target.paths };
  await pacedLoad({ ...options, seconds: 2 });
  return pacedLoad({ ...options, seconds: PACED_SECONDS });
}

/**
 * Each job paced in PACED_ROUNDS rounds, every other one in reverse order; one series per job, in
 * the jobs' order. `run` measures one run (default `pacedRun`).
 */
export async function alternatedPaced(jobs: readonly PacedJob[], log: (line: string) => void, run: (job: PacedJob) => Promise<PacedResult> = pacedRun): Promise<PacedSeries[]> {
  const runs = jobs.map(() => [] as PacedResult[]);
  for (let round = 0; round < PACED_ROUNDS; round += 1) {
    const order = jobs.map((_, i) => i);
    for (const i of round % 2 === 0 ? order : order.reverse()) {
      log(`paced round ${round + 1}/${PACED_ROUNDS}: ${jobs[i]!.what} …`);
      runs[i]!.push(await run(jobs[i]!));
    }
  }
  return runs.map(seriesOf);
}

/** How the figures were taken, for the markdown. */
export const pacedHow = (what: string) => (PACED_ROUNDS === 1 ? 'one run each' : `the run with the lowest p99 of ${PACED_ROUNDS} alternated runs (${what}; every other round in reverse order)`);

/** The best run's p50 / p99 (non-2xx over every run), and the range of the runs' p99s. */
export const pacedCell = (p: PacedSeries | undefined) =>
  p ? `${fmt(p.best.p50, 1)} / ${fmt(p.best.p99, 1)} (${p.non2xx})${p.p99s.length > 1 ? `; p99 ${fmt(Math.min(...p.p99s), 1)}–${fmt(Math.max(...p.p99s), 1)}` : ''}` : '—';

/** A table row: label, rate, requests, the best run's p50 and p99, non-2xx over every run, every run's p99. */
export const pacedRow = (label: string, rate: number, p: PacedSeries) =>
  `| ${label} | ${fmt(rate)} req/s | ${fmt(p.best.sent)} | ${fmt(p.best.p50, 1)} | ${fmt(p.best.p99, 1)} | ${p.non2xx} | ${p.p99s.map((v) => fmt(v, 1)).join(', ')} |`;
