// All SQL of merchant analytics. It reads what other modules store (events, recommendation answers,
// campaigns, submissions, the conversion ledger) as a read model: nothing here writes. Periods are
// epoch milliseconds, from inclusive, to exclusive.
import type { Queryable } from '../../db/types.js';
import type { CampaignActivity, CampaignOutcomes, CampaignRow, TrustedPurchase } from './campaign-figures.js';

/** The event types of campaigns' impressions and clicks: the partial index events_campaign_activity_idx covers exactly these. */
const CAMPAIGN_EVENTS = `('recommendation_impression', 'recommendation_click', 'overlay_impression', 'overlay_click')`;

/** A recommendation event ties to its answer: the site's stored answer by that id, for the same campaign. */
const ANSWER_JOIN = `LEFT JOIN recommendation_answers a
    ON a.site_id = e.site_id AND a.recommendation_id = e.properties->>'recommendation_id' AND a.campaign_id = e.properties->>'campaign_id'`;

export async function campaignsOfSite(q: Queryable, siteId: string): Promise<CampaignRow[]> {
  const { rows } = await q.query<{ campaign_id: string; name: string; kind: string; status: string; experiment_id: string | null }>(
    'SELECT campaign_id, name, kind, status, experiment_id FROM campaigns WHERE site_id = $1',
    [siteId],
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, name: r.name, kind: r.kind, status: r.status, experimentId: r.experiment_id }));
}

/** Impressions and clicks per campaign and event type; recommendation events without their answer counted apart. */
export async function campaignActivity(q: Queryable, siteId: string, from: number, to: number): Promise<CampaignActivity[]> {
  const { rows } = await q.query<{ campaign_id: string; event_type: string; events: number; unattributed: number }>(
    `SELECT e.properties->>'campaign_id' AS campaign_id, e.event_type, count(*)::int AS events,
            count(*) FILTER (WHERE e.event_type LIKE 'recommendation%' AND a.recommendation_id IS NULL)::int AS unattributed
       FROM events e ${ANSWER_JOIN}
      WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
        AND e.event_type IN ${CAMPAIGN_EVENTS}
      GROUP BY 1, 2`,
    [siteId, new Date(from), new Date(to)],
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, eventType: r.event_type, events: r.events, unattributed: r.unattributed }));
}

/**
 * What sessions did after their first click of a campaign in the period (a recommendation click
 * that ties to its answer, or an overlay click): their add-to-carts, and their server-trusted
 * purchases with the ledger's state of the order (by order_id, else transaction_id) when it has it.
 */
export async function campaignOutcomes(q: Queryable, siteId: string, from: number, to: number): Promise<CampaignOutcomes[]> {
  const { rows } = await q.query<{ campaign_id: string; add_to_carts: number; purchases: TrustedPurchaseRow[] }>(
    `WITH clicks AS (
       SELECT e.properties->>'campaign_id' AS campaign_id, e.session_id, min(e.occurred_at) AS clicked_at
         FROM events e ${ANSWER_JOIN}
        WHERE e.site_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
          AND e.event_type IN ${CAMPAIGN_EVENTS}
          AND (e.event_type = 'overlay_click' OR (e.event_type = 'recommendation_click' AND a.recommendation_id IS NOT NULL))
        GROUP BY 1, 2
     )
     SELECT c.campaign_id,
            count(*) FILTER (WHERE o.event_type = 'add_to_cart')::int AS add_to_carts,
            coalesce(jsonb_agg(jsonb_build_object(
              'order_id', coalesce(o.properties->>'order_id', o.properties->>'transaction_id'),
              'amount', coalesce(o.properties->'total_amount', o.properties->'total', o.properties->'revenue'),
              'currency', o.properties->'currency',
              'ledger_currency', l.currency,
              'ledger_revenue', l.net_revenue
            )) FILTER (WHERE o.event_type = 'purchase'), '[]'::jsonb) AS purchases
       FROM clicks c
       JOIN events o ON o.site_id = $1 AND o.session_id = c.session_id AND o.occurred_at > c.clicked_at
                    AND o.event_type IN ('add_to_cart', 'purchase')
       LEFT JOIN conversions l ON l.site_id = $1 AND l.order_id = coalesce(o.properties->>'order_id', o.properties->>'transaction_id')
      WHERE o.event_type = 'add_to_cart' OR o.trust_class = 'server'
      GROUP BY c.campaign_id`,
    [siteId, new Date(from), new Date(to)],
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, addToCarts: r.add_to_carts, purchases: r.purchases.map(purchaseOf) }));
}

interface TrustedPurchaseRow {
  order_id: string;
  amount: unknown;
  currency: unknown;
  ledger_currency: string | null;
  ledger_revenue: number | string | null;
}

const purchaseOf = (r: TrustedPurchaseRow): TrustedPurchase => ({
  orderId: r.order_id,
  amount: r.amount,
  currency: r.currency,
  ledger: r.ledger_currency === null || r.ledger_revenue === null ? null : { currency: r.ledger_currency, revenue: Number(r.ledger_revenue) },
});

/** Submissions per campaign in the period (spam left out; an erased one still happened). */
export async function submissionCounts(q: Queryable, siteId: string, from: number, to: number): Promise<Map<string, number>> {
  const { rows } = await q.query<{ campaign_id: string; n: number }>(
    `SELECT campaign_id, count(*)::int AS n FROM submissions
      WHERE site_id = $1 AND NOT spam AND created_at >= $2 AND created_at < $3
      GROUP BY campaign_id`,
    [siteId, new Date(from), new Date(to)],
  );
  return new Map(rows.map((r) => [r.campaign_id, r.n]));
}
