// A campaign as members see it (snake_case; media by id, as they were set).
import { toIso, toIsoOrNull } from '../../time.js';
import type { Campaign } from './campaign.js';

export const toCampaignView = (c: Campaign) => ({
  campaign_id: c.campaignId,
  site_id: c.siteId,
  name: c.name,
  kind: c.kind,
  status: c.status,
  version: c.version,
  content: c.content as unknown as Record<string, unknown>,
  targeting: c.targeting,
  trigger: c.trigger,
  frequency: c.frequency,
  experiment_id: c.experimentId,
  priority: c.priority,
  starts_at: toIsoOrNull(c.startsAt),
  ends_at: toIsoOrNull(c.endsAt),
  created_at: toIso(c.createdAt),
  updated_at: toIso(c.updatedAt),
});
