// The first start's marker row: exactly one process, on an empty database, makes the demo site.
import type { Queryable } from './types.js';

/** True for the one caller that claims the first start (several processes may start together). */
export async function claimFirstStart(q: Queryable): Promise<boolean> {
  const { rowCount } = await q.query(`INSERT INTO platform_state (key) VALUES ('bootstrap') ON CONFLICT DO NOTHING`);
  return rowCount === 1;
}
