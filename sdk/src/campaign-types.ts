// The public configuration's campaigns as `GET /runtime/config` answers them (CONTRACT §9), and the
// small interface the core hands the lazily loaded renderer. Types only: nothing here reaches a bundle.

export type Device = 'desktop' | 'mobile' | 'tablet';

export interface FormField {
  name: string;
  type: 'email' | 'text' | 'phone' | 'choice' | 'consent';
  label: string;
  required: boolean;
  options?: string[];
}

export interface Form {
  form_id: string;
  fields: FormField[];
  consent_text?: string;
}

export interface Quiz {
  quiz_id: string;
  questions: { question_id: string; text: string; answers: { answer_id: string; text: string; categories?: string[] }[] }[];
}

export interface OverlayContent {
  template: 'banner' | 'modal' | 'slide_in' | 'quiz';
  title: string;
  body?: string;
  image_url?: string;
  cta?: { label: string; url: string };
  form?: Form;
  quiz?: Quiz;
}

export interface Intent {
  intent_id: string;
  patterns: string[];
  reply: string;
  product_ids?: string[];
}

export interface ChatbotContent {
  greeting: string;
  persona_name?: string;
  avatar_url?: string;
  intents: Intent[];
  fallback_reply: string;
}

export interface RecommendationContent {
  placement: string;
  strategy: string;
  limit: number;
  title?: string;
  filters?: { categories?: string[]; in_stock_only?: boolean };
}

export interface Targeting {
  url_include?: string[];
  url_exclude?: string[];
  devices?: Device[];
  new_visitors_only?: boolean;
}

export interface Trigger {
  on: 'page_load' | 'delay' | 'scroll' | 'exit_intent';
  delay_ms?: number;
  scroll_percent?: number;
}

export interface Frequency {
  max_per_session?: number;
  max_per_day?: number;
}

interface CampaignBase {
  campaign_id: string;
  version: number;
  targeting?: Targeting;
  trigger?: Trigger;
  frequency?: Frequency;
  experiment_id?: string | null;
}

export type Campaign =
  | (CampaignBase & { kind: 'overlay'; content: OverlayContent })
  | (CampaignBase & { kind: 'chatbot'; content: ChatbotContent })
  | (CampaignBase & { kind: 'recommendation'; content: RecommendationContent });

export interface PublicConfig {
  site: { site_id: string; publisher_mode: boolean; publisher_hosts: { awin: string[]; cj: string[] } };
  campaigns: Campaign[];
}

/** What the core lends the renderer: its event queue and its authenticated fetch. */
export interface RenderHost {
  track(eventType: string, properties: Record<string, unknown>): void;
  /** A request to `/api/v1{path}` with the runtime token: a POST of `body`, or a GET without one. */
  api(path: string, body?: unknown): Promise<Response | undefined>;
  sessionId(): string;
  uuid(): string;
  /** Called once when an overlay the renderer showed is gone (closed or finished). */
  closed(campaign: Campaign): void;
}
