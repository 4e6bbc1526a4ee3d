// Reading an experiment's results: its arms' running sums through the pure results (results.ts),
// money in the experiment's currency (2 decimals while it has none).
import type { Static } from 'typebox';
import type { Database } from '../../db/types.js';
import { currencyDigits } from '../../domain/money.js';
import type { Actor } from '../../kernel/index.js';
import * as armSums from './arm-sums-repository.js';
import { getExperimentOrThrow } from './get-experiment-or-throw.js';
import { buildResults } from './results.js';
import type { Results } from './schemas.js';

export async function readResults(db: Database, actor: Actor, experimentId: string, now: number): Promise<Static<typeof Results>> {
  const e = await getExperimentOrThrow(db, actor, experimentId);
  const totals = await armSums.armTotals(db, e.siteId, experimentId);
  return buildResults(e, totals, now, currencyDigits(e.currency ?? '') ?? 2);
}
