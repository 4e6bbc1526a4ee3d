// A campaign as a member sends it (CONTRACT §9): the schemas of its fields with their limits, and of
// each kind's content. The envelope (create, change) is checked first; the content by the schema of
// its kind (campaign-input.ts), so content of another kind is a 400 that names what is missing.
import { Type, type Static, type TSchema } from 'typebox';
import { MAX_GLOB_LENGTH, MAX_GLOBS } from '../../domain/path-glob.js';
import { DEVICES, FIELD_TYPES, KINDS, STATUSES, STRATEGIES, TEMPLATES, TRIGGERS } from './campaign.js';

export const LIMITS = {
  name: 200,
  title: 200,
  body: 2000,
  label: 200,
  url: 2048,
  fields: 30,
  options: 50,
  consentText: 2000,
  questions: 20,
  answers: 10,
  categories: 10,
  category: 300,
  intents: 50,
  patterns: 20,
  pattern: 100,
  reply: 1000,
  productIds: 8,
  priority: 1000,
  delayMs: 600_000,
  cap: 1000,
} as const;

const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) });
const Id = (description: string) => Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', description: `${description}: 1–64 of A–Z a–z 0–9 . _ -` });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MediaRef = Type.String({ pattern: '^med_[A-Za-z0-9]{4,64}$', description: 'A media item of the site (422 unknown_media otherwise)' });
export const ExperimentRef = Type.String({ pattern: '^exp_[A-Za-z0-9]{4,64}$', description: 'An experiment of the site (422 unknown_experiment otherwise)' });

const FormFieldSchema = Type.Object({
  name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', description: 'Unique in the form; lower case, digits and _; not `website` (the honeypot)' }),
  type: Type.Enum(FIELD_TYPES),
  label: Text(LIMITS.label),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(Text(LIMITS.label), { minItems: 1, maxItems: LIMITS.options, description: 'The values of a choice field (required for it, only for it)' })),
});

const QuizSchema = Type.Object({
  quiz_id: Id('The quiz’s stable id'),
  questions: Type.Array(
    Type.Object({
      question_id: Id('Unique in the quiz'),
      text: Text(LIMITS.body),
      answers: Type.Array(
        Type.Object({
          answer_id: Id('Unique in the question'),
          text: Text(LIMITS.label),
          categories: Type.Optional(Type.Array(Text(LIMITS.category), { maxItems: LIMITS.categories })),
        }),
        { minItems: 1, maxItems: LIMITS.answers },
      ),
    }),
    { minItems: 1, maxItems: LIMITS.questions },
  ),
});

export const OverlayContentSchema = Type.Object(
  {
    template: Type.Enum(TEMPLATES),
    title: Text(LIMITS.title),
    body: Type.Optional(Text(LIMITS.body)),
    image_media_id: Type.Optional(MediaRef),
    cta: Type.Optional(Type.Object({ label: Text(80), url: Type.String({ minLength: 1, maxLength: LIMITS.url, description: 'Absolute http(s) URL, or a path on the shop ("/sale", drawn resolved against the page); no control characters, backslashes or //host' }) })),
    form: Type.Optional(
      Type.Object({
        form_id: Id('The form’s stable id (submissions name it)'),
        fields: Type.Array(FormFieldSchema, { minItems: 1, maxItems: LIMITS.fields }),
        consent_text: Type.Optional(Text(LIMITS.consentText, 'Shown beside the consent box; its sha256 is stored with each submission')),
      }),
    ),
    quiz: Type.Optional(QuizSchema),
  },
  { description: 'overlay: a banner, modal, slide-in or quiz (the quiz template needs `quiz`, and only it takes one)' },
);

export const ChatbotContentSchema = Type.Object(
  {
    greeting: Text(LIMITS.reply),
    persona_name: Type.Optional(Text(80)),
    avatar_media_id: Type.Optional(MediaRef),
    intents: Type.Array(
      Type.Object({
        intent_id: Id('Unique in the chatbot'),
        patterns: Type.Array(Text(LIMITS.pattern), { minItems: 1, maxItems: LIMITS.patterns, description: 'Words or phrases that select the intent (case-insensitive)' }),
        reply: Text(LIMITS.reply),
        product_ids: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9._:/-]{1,128}$' }), { maxItems: LIMITS.productIds })),
      }),
      { minItems: 1, maxItems: LIMITS.intents },
    ),
    fallback_reply: Text(LIMITS.reply),
  },
  { description: 'chatbot: rule-based; the SDK matches messages to intents' },
);

export const RecommendationContentSchema = Type.Object(
  {
    placement: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', description: 'The slot it fills: elements `[data-sf-slot="<placement>"]`' }),
    strategy: Type.Enum(STRATEGIES),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, default: 8 })),
    title: Type.Optional(Text(LIMITS.title)),
    filters: Type.Optional(
      Type.Object({
        categories: Type.Optional(Type.Array(Text(LIMITS.category), { maxItems: LIMITS.categories })),
        in_stock_only: Type.Optional(Type.Boolean({ default: true })),
      }),
    ),
  },
  { description: 'recommendation: a slot of recommended products' },
);

export const CONTENT_SCHEMAS = { overlay: OverlayContentSchema, chatbot: ChatbotContentSchema, recommendation: RecommendationContentSchema } as const;

const Glob = Type.String({ minLength: 1, maxLength: MAX_GLOB_LENGTH, description: 'A path glob: * any run of characters, ? one' });
const Globs = Type.Array(Glob, { maxItems: MAX_GLOBS });

export const TARGETING_DESCRIPTION = 'Who sees it: paths (globs on the path; include empty = every path, exclude wins), devices, new visitors only';

export const TargetingSchema = Type.Object(
  {
    url_include: Type.Optional(Globs),
    url_exclude: Type.Optional(Globs),
    devices: Type.Optional(Type.Array(Type.Enum(DEVICES), { maxItems: DEVICES.length, uniqueItems: true, description: 'Empty or absent: every device' })),
    new_visitors_only: Type.Optional(Type.Boolean()),
  },
  { description: TARGETING_DESCRIPTION },
);

export const TriggerSchema = Type.Object(
  {
    on: Type.Enum(TRIGGERS),
    delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.delayMs, description: 'Required with on: delay' })),
    scroll_percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Required with on: scroll' })),
  },
  { description: 'When it shows (default: on page load)' },
);

export const FrequencySchema = Type.Object(
  {
    max_per_session: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.cap })),
    max_per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.cap })),
  },
  { description: 'Caps on how often one visitor sees it (counted in the browser)' },
);

const settable = {
  name: Text(LIMITS.name),
  content: Type.Object({}, { additionalProperties: true, description: 'By kind: overlay, chatbot or recommendation content (see their schemas)' }),
  targeting: Type.Optional(TargetingSchema),
  trigger: Type.Optional(TriggerSchema),
  frequency: Type.Optional(FrequencySchema),
  experiment_id: Type.Optional(nullable(ExperimentRef)),
  priority: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.priority, description: 'Higher first (default 0)' })),
  starts_at: Type.Optional(nullable(Type.String({ format: 'date-time' }))),
  ends_at: Type.Optional(nullable(Type.String({ format: 'date-time', description: 'After starts_at' }))),
};

export const CreateCampaignBody = Type.Object(
  {
    ...settable,
    kind: Type.Enum(KINDS),
    status: Type.Optional(Type.Enum(['draft', 'active', 'paused'] as const, { description: 'Default draft; active needs its experiment (if any) running' })),
  },
  { description: 'A campaign' },
);

export const PatchCampaignBody = Type.Object(
  {
    name: Type.Optional(settable.name),
    kind: Type.Optional(Type.Enum(KINDS, { description: 'Cannot change; when given it must be the campaign’s' })),
    status: Type.Optional(Type.Enum(STATUSES, { description: 'draft → active | archived; active ⇄ paused; any → archived (terminal)' })),
    content: Type.Optional(settable.content),
    targeting: Type.Optional(nullable(TargetingSchema)),
    trigger: Type.Optional(nullable(TriggerSchema)),
    frequency: Type.Optional(nullable(FrequencySchema)),
    experiment_id: settable.experiment_id,
    priority: settable.priority,
    starts_at: settable.starts_at,
    ends_at: settable.ends_at,
  },
  { description: 'The fields to change; content, targeting, trigger and frequency are replaced whole (null: the default)' },
);

export type CreateCampaignInput = Static<typeof CreateCampaignBody>;
export type PatchCampaignInput = Static<typeof PatchCampaignBody>;
