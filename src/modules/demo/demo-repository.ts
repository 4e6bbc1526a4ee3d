// SQL of the demo storefront: which site the bootstrap made, and that site's latest browser events.
import type { Queryable } from '../../db/types.js';

export interface DemoState {
  site_id: string;
  /** The demo's running experiment ('' without the experiments module: the page then shows control). */
  experiment_id: string;
}

export async function setDemoState(q: Queryable, state: DemoState): Promise<void> {
  await q.query(`UPDATE platform_state SET value = $1::jsonb WHERE key = 'bootstrap'`, [JSON.stringify(state)]);
}

export async function getDemoState(q: Queryable): Promise<DemoState | undefined> {
  const { rows } = await q.query<{ value: Partial<DemoState> }>(`SELECT value FROM platform_state WHERE key = 'bootstrap'`);
  const v = rows[0]?.value;
  return v?.site_id ? { site_id: v.site_id, experiment_id: v.experiment_id ?? '' } : undefined;
}

export interface DemoEventRow {
  event_id: string;
  event_type: string;
  trust_class: string;
  occurred_at: Date;
  received_at: Date;
  page_url: string | null;
  properties: Record<string, unknown>;
}

/** The site's latest browser events of these types (server events never: they carry what a server knows of people). */
export async function latestBrowserEvents(q: Queryable, siteId: string, eventTypes: readonly string[], limit: number): Promise<DemoEventRow[]> {
  const { rows } = await q.query<DemoEventRow>(
    `SELECT event_id, event_type, trust_class, occurred_at, received_at, context->>'page_url' AS page_url, properties
       FROM events
      WHERE site_id = $1 AND trust_class = 'browser' AND event_type = ANY($2::text[])
      ORDER BY received_at DESC, event_id LIMIT $3`,
    [siteId, eventTypes, limit],
  );
  return rows;
}

export async function attributionCounts(q: Queryable, siteId: string): Promise<{ touches: number; publisher_clicks: number }> {
  const { rows } = await q.query<{ touches: number; publisher_clicks: number }>(
    `SELECT (SELECT count(*)::int FROM touches WHERE site_id = $1) AS touches,
            (SELECT count(*)::int FROM publisher_clicks WHERE site_id = $1) AS publisher_clicks`,
    [siteId],
  );
  return rows[0]!;
}
