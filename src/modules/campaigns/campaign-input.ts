// A campaign as sent, checked and normalised, pure (CONTRACT §9): the content by its kind's schema and
// rules, the trigger's parameter present for its kind, dates from 1970 on with ends_at after
// starts_at, defaults filled. A change is merged into the campaign it changes and the result checked
// the same way, so a campaign is always whole; each problem is a 400 detail at its JSON Pointer.
import type { ErrorDetail } from '../../errors.js';
import { parseIsoTimestamp } from '../../domain/timestamps.js';
import { toIso } from '../../time.js';
import { compileCheck, type Checked } from '../../validation/schema-check.js';
import { DEFAULT_TARGETING, DEFAULT_TRIGGER, type Campaign, type CampaignSettings, type Frequency, type Kind, type Status, type Targeting, type Trigger } from './campaign.js';
import { CONTENT_SCHEMAS, type CreateCampaignInput, type PatchCampaignInput } from './campaign-schema.js';
import { contentRules } from './content-rules.js';

const CONTENT_CHECKS = {
  overlay: compileCheck(CONTENT_SCHEMAS.overlay),
  chatbot: compileCheck(CONTENT_SCHEMAS.chatbot),
  recommendation: compileCheck(CONTENT_SCHEMAS.recommendation),
};

/** A campaign's settable fields as the schema let them through (a create, or a change merged into a campaign). */
interface SentSettings {
  name: string;
  kind: Kind;
  status: Status;
  content: unknown;
  targeting?: Partial<Targeting> | null;
  trigger?: Trigger | null;
  frequency?: Frequency | null;
  experiment_id?: string | null;
  priority?: number;
  starts_at?: string | null;
  ends_at?: string | null;
}

function trigger(sent: Trigger | null | undefined, details: ErrorDetail[]): Trigger {
  if (!sent) return DEFAULT_TRIGGER;
  if (sent.on === 'delay') {
    if (sent.delay_ms === undefined) details.push({ path: '/trigger/delay_ms', code: 'required', message: 'delay_ms is required with on: delay' });
    return { on: 'delay', delay_ms: sent.delay_ms ?? 0 };
  }
  if (sent.on === 'scroll') {
    if (sent.scroll_percent === undefined) details.push({ path: '/trigger/scroll_percent', code: 'required', message: 'scroll_percent is required with on: scroll' });
    return { on: 'scroll', scroll_percent: sent.scroll_percent ?? 0 };
  }
  return { on: sent.on };
}

function date(text: string | null | undefined, at: string, details: ErrorDetail[]): Date | null {
  if (text === null || text === undefined) return null;
  const ms = parseIsoTimestamp(text);
  if (ms === null) {
    details.push({ path: at, code: 'date-time', message: 'must be an ISO 8601 timestamp with offset, from 1970 on' });
    return null;
  }
  return new Date(ms);
}

function settings(sent: SentSettings): Checked<CampaignSettings> {
  const checked = CONTENT_CHECKS[sent.kind].check(sent.content, '/content');
  if (!checked.ok) return checked;
  const details: ErrorDetail[] = [];
  const content = contentRules(sent.kind, checked.value, '/content', details);
  const startsAt = date(sent.starts_at, '/starts_at', details);
  const endsAt = date(sent.ends_at, '/ends_at', details);
  if (startsAt && endsAt && endsAt <= startsAt) details.push({ path: '/ends_at', code: 'order', message: 'ends_at must be after starts_at' });
  const t = sent.targeting ?? {};
  const value: CampaignSettings = {
    name: sent.name,
    kind: sent.kind,
    status: sent.status,
    content,
    targeting: {
      url_include: t.url_include ?? DEFAULT_TARGETING.url_include,
      url_exclude: t.url_exclude ?? DEFAULT_TARGETING.url_exclude,
      devices: t.devices ?? DEFAULT_TARGETING.devices,
      new_visitors_only: t.new_visitors_only ?? false,
    },
    trigger: trigger(sent.trigger, details),
    frequency: Object.fromEntries(Object.entries(sent.frequency ?? {}).filter(([k, v]) => v !== undefined && (k === 'max_per_session' || k === 'max_per_day'))),
    experimentId: sent.experiment_id ?? null,
    priority: sent.priority ?? 0,
    startsAt,
    endsAt,
  };
  return details.length > 0 ? { ok: false, details } : { ok: true, value };
}

/** A new campaign (status draft unless given). */
export const checkCreate = (body: CreateCampaignInput): Checked<CampaignSettings> => settings({ ...body, status: body.status ?? 'draft' });

/** A change merged into the campaign it changes: the campaign's settings after it. */
export function checkPatch(current: Campaign, patch: PatchCampaignInput): Checked<CampaignSettings> {
  if (patch.kind !== undefined && patch.kind !== current.kind) {
    return { ok: false, details: [{ path: '/kind', code: 'immutable', message: `a campaign's kind cannot change (it is ${current.kind})` }] };
  }
  const keep = <K extends keyof PatchCampaignInput, V>(key: K, fallback: V): PatchCampaignInput[K] | V => (patch[key] === undefined ? fallback : patch[key]);
  return settings({
    name: patch.name ?? current.name,
    kind: current.kind,
    status: patch.status ?? current.status,
    content: patch.content ?? current.content,
    targeting: keep('targeting', current.targeting),
    trigger: keep('trigger', current.trigger),
    frequency: keep('frequency', current.frequency),
    experiment_id: keep('experiment_id', current.experimentId),
    priority: patch.priority ?? current.priority,
    starts_at: keep('starts_at', current.startsAt && toIso(current.startsAt)),
    ends_at: keep('ends_at', current.endsAt && toIso(current.endsAt)),
  });
}
