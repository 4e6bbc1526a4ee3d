// The two load generators behind one call: wrk (the Debian package; a C program with one thread
// that leaves the two cores to the servers) when it is installed, autocannon (in the benchmark's
// own Node process) otherwise or beside it. Issue #19 measured why wrk comes first: autocannon
// takes a large share of the cores and lowers the baseline, which flatters or hides ratios.
import type autocannon from 'autocannon';
import { fmt, load, type LoadResult } from './lib.js';
import { wrkAvailable, wrkLoad } from './wrk.js';

export type Generator = 'wrk' | 'autocannon';

/** The generator the rounds use: wrk when it is installed. */
export const preferredGenerator = (): Generator => (wrkAvailable() ? 'wrk' : 'autocannon');

const CONNECTIONS = 64;

/** One load: a URL, its headers, a body with "[<id>]" placeholders (unique per request) or paths sent in turn. */
export interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  paths?: string[];
}

/** One run of `seconds` with the generator; autocannon's has no warm-up (the rounds alternate instead). */
export function drive(generator: Generator, t: Target, seconds: number): Promise<LoadResult> {
  if (generator === 'wrk') return wrkLoad({ url: t.url, method: t.method, headers: t.headers, body: t.body, paths: t.paths, seconds, connections: CONNECTIONS, threads: 1 });
  let k = 0;
  const paths = t.paths;
  const requests: autocannon.Request[] | undefined = paths && [{ method: t.method, setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[k++ % paths.length]! }) }];
  return load({ url: t.url, method: t.method, headers: t.headers, body: t.body, idReplacement: t.body?.includes('[<id>]') ?? false, duration: seconds, connections: CONNECTIONS, warmupSeconds: 0, ...(requests ? { requests } : {}) });
}

/** The best run of a target over alternated rounds, and its non-2xx + errors over every run. */
export interface Best {
  result: LoadResult;
  bad: number;
}

/**
 * A short warm-up of each target, then `rounds` rounds, every other one in reverse order; the best
 * run of each (`log` gets every run).
 */
export async function alternatedRounds(
  generator: Generator,
  list: readonly { key: string; target: Target; perRequest?: number }[],
  options: {
    rounds: number;
    seconds: number;
    log: (line: string) => void;
    /** After each run (warm-ups too), before the next starts: lets a server finish what the run left it (not measured). */
    settle?: (key: string) => Promise<void>;
  },
): Promise<Record<string, Best>> {
  const { rounds, seconds, log } = options;
  const settle = options.settle ?? (async () => {});
  log(`warm-up (${generator}) …`);
  for (const s of list) {
    await drive(generator, s.target, Math.min(2, seconds));
    await settle(s.key);
  }
  const best: Record<string, Best> = {};
  for (let r = 0; r < rounds; r += 1) {
    const order = r % 2 === 0 ? list : [...list].reverse();
    for (const s of order) {
      const result = await drive(generator, s.target, seconds);
      log(`round ${r + 1}/${rounds} ${s.key}: ${fmt(result.requestsPerSec * (s.perRequest ?? 1))} ${s.perRequest ? 'events/s' : 'req/s'}, p99 ${fmt(result.p99, 1)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
      await settle(s.key);
      const prev = best[s.key];
      const bad = (prev?.bad ?? 0) + result.non2xx + result.errors;
      best[s.key] = { result: !prev || result.requestsPerSec > prev.result.requestsPerSec ? result : prev.result, bad };
    }
  }
  return best;
}
