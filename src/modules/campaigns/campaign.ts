// The campaigns module's domain values (CONTRACT §9): a campaign of one of three kinds, its content,
// targeting, trigger, frequency caps, dates and status, and the status machine. Repositories map rows
// to these; rules, use cases and the public configuration read only these.
import { randomBase62 } from '../../ids.js';

export const KINDS = ['overlay', 'chatbot', 'recommendation'] as const;
export type Kind = (typeof KINDS)[number];

export const STATUSES = ['draft', 'active', 'paused', 'archived'] as const;
export type Status = (typeof STATUSES)[number];

export const TEMPLATES = ['banner', 'modal', 'slide_in', 'quiz'] as const;
export const FIELD_TYPES = ['email', 'text', 'phone', 'choice', 'consent'] as const;
export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export const TRIGGERS = ['page_load', 'delay', 'scroll', 'exit_intent'] as const;
export const STRATEGIES = ['similar', 'frequently_bought_together', 'personalized', 'popular'] as const;

export const CAMPAIGN_ID_PATTERN = '^cmp_[A-Za-z0-9]{4,64}$';
export const newCampaignId = (): string => `cmp_${randomBase62(20)}`;

export interface FormField {
  name: string;
  type: (typeof FIELD_TYPES)[number];
  label: string;
  required: boolean;
  options?: string[];
}

export interface OverlayContent {
  template: (typeof TEMPLATES)[number];
  title: string;
  body?: string;
  image_media_id?: string;
  cta?: { label: string; url: string };
  form?: { form_id: string; fields: FormField[]; consent_text?: string };
  quiz?: { quiz_id: string; questions: { question_id: string; text: string; answers: { answer_id: string; text: string; categories?: string[] }[] }[] };
}

export interface ChatbotContent {
  greeting: string;
  persona_name?: string;
  avatar_media_id?: string;
  intents: { intent_id: string; patterns: string[]; reply: string; product_ids?: string[] }[];
  fallback_reply: string;
}

export interface RecommendationContent {
  placement: string;
  strategy: (typeof STRATEGIES)[number];
  limit: number;
  title?: string;
  filters: { categories?: string[]; in_stock_only: boolean };
}

export type Content = OverlayContent | ChatbotContent | RecommendationContent;

export interface Targeting {
  url_include: string[];
  url_exclude: string[];
  devices: (typeof DEVICES)[number][];
  new_visitors_only: boolean;
}

export interface Trigger {
  on: (typeof TRIGGERS)[number];
  delay_ms?: number;
  scroll_percent?: number;
}

export interface Frequency {
  max_per_session?: number;
  max_per_day?: number;
}

/** What a member sets: every field of a campaign but its identity and history. */
export interface CampaignSettings {
  name: string;
  kind: Kind;
  status: Status;
  content: Content;
  targeting: Targeting;
  trigger: Trigger;
  frequency: Frequency;
  experimentId: string | null;
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface Campaign extends CampaignSettings {
  campaignId: string;
  siteId: string;
  /** 1 at creation; every change adds one. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_TARGETING: Targeting = { url_include: [], url_exclude: [], devices: [], new_visitors_only: false };
export const DEFAULT_TRIGGER: Trigger = { on: 'page_load' };

/**
 * The status machine: draft → active | archived; active ⇄ paused; any → archived, which is terminal.
 * Staying in a status is no move. Nothing goes back to draft.
 */
export function canMove(from: Status, to: Status): boolean {
  if (from === 'archived') return false;
  if (from === to) return true;
  if (to === 'archived') return true;
  if (to === 'draft') return false;
  return from === 'draft' ? to === 'active' : true;
}

/** The media items a campaign's content names. */
export function mediaOf(content: Content): string[] {
  const c = content as Partial<OverlayContent & ChatbotContent>;
  return [c.image_media_id, c.avatar_media_id].filter((id): id is string => typeof id === 'string');
}

/** Whether the campaign is live at `now`: active and within its dates (starts_at inclusive, ends_at exclusive). */
export const liveAt = (c: Pick<Campaign, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean =>
  c.status === 'active' && (c.startsAt === null || c.startsAt <= now) && (c.endsAt === null || now < c.endsAt);
