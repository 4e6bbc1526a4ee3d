// The rules of a campaign's content beyond its kind's schema, pure (CONTRACT §9): a form's field names
// unique (and never the honeypot's), options for choice fields only; the quiz template with a quiz
// and only it; quiz questions and answers, chatbot intents unique by id; a call to action to an
// http(s) URL or a path that stays on the shop (checkStoredUrl: no control characters, backslashes or
// `//host`, however the URL parser would read them; the SDK draws a path against the page). The call
// to action is the only URL the content stores: images are media ids, made URLs when served. Each kind's content is rebuilt from known fields only, with its
// defaults, so that nothing a client adds reaches storage or the public configuration.
import type { ErrorDetail } from '../../errors.js';
import { checkStoredUrl } from '../../domain/urls.js';
import type { ChatbotContent, Content, Kind, OverlayContent, RecommendationContent } from './campaign.js';

/** The honeypot field of every form: never a real field. */
export const HONEYPOT_FIELD = 'website';

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function duplicates(ids: readonly string[], at: (i: number) => string, what: string, details: ErrorDetail[]): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) details.push({ path: at(i), code: 'duplicate', message: `${what} ${JSON.stringify(id)} appears more than once` });
    seen.add(id);
  });
}

/** A call to action goes to an absolute http(s) URL or to a path that stays on the shop. */
export const isCtaUrl = (url: string): boolean => checkStoredUrl(url, { paths: true }).ok;

function overlay(c: OverlayContent, at: string, details: ErrorDetail[]): OverlayContent {
  if (c.template === 'quiz' && !c.quiz) details.push({ path: `${at}/quiz`, code: 'required', message: 'the quiz template needs a quiz' });
  if (c.template !== 'quiz' && c.quiz) details.push({ path: `${at}/quiz`, code: 'template', message: 'only the quiz template takes a quiz' });
  const ctaUrl = c.cta && checkStoredUrl(c.cta.url, { paths: true });
  if (ctaUrl && !ctaUrl.ok) details.push({ path: `${at}/cta/url`, code: 'url', message: ctaUrl.message });
  if (c.form) {
    const fields = c.form.fields;
    duplicates(fields.map((f) => f.name), (i) => `${at}/form/fields/${i}/name`, 'field', details);
    fields.forEach((f, i) => {
      const p = `${at}/form/fields/${i}`;
      if (f.name === HONEYPOT_FIELD) details.push({ path: `${p}/name`, code: 'reserved', message: `${HONEYPOT_FIELD} is the honeypot's name` });
      if (f.type === 'choice' && !f.options) details.push({ path: `${p}/options`, code: 'required', message: 'a choice field needs options' });
      if (f.type !== 'choice' && f.options) details.push({ path: `${p}/options`, code: 'type', message: 'only choice fields take options' });
    });
  }
  c.quiz?.questions.forEach((q, i) => duplicates(q.answers.map((a) => a.answer_id), (j) => `${at}/quiz/questions/${i}/answers/${j}/answer_id`, 'answer', details));
  if (c.quiz) duplicates(c.quiz.questions.map((q) => q.question_id), (i) => `${at}/quiz/questions/${i}/question_id`, 'question', details);
  return defined({
    template: c.template,
    title: c.title,
    body: c.body,
    image_media_id: c.image_media_id,
    cta: c.cta && { label: c.cta.label, url: c.cta.url },
    form: c.form && defined({
      form_id: c.form.form_id,
      fields: c.form.fields.map((f) => defined({ name: f.name, type: f.type, label: f.label, required: f.required, options: f.options })),
      consent_text: c.form.consent_text,
    }),
    quiz: c.quiz && {
      quiz_id: c.quiz.quiz_id,
      questions: c.quiz.questions.map((q) => ({
        question_id: q.question_id,
        text: q.text,
        answers: q.answers.map((a) => defined({ answer_id: a.answer_id, text: a.text, categories: a.categories })),
      })),
    },
  });
}

function chatbot(c: ChatbotContent, at: string, details: ErrorDetail[]): ChatbotContent {
  duplicates(c.intents.map((i) => i.intent_id), (i) => `${at}/intents/${i}/intent_id`, 'intent', details);
  return defined({
    greeting: c.greeting,
    persona_name: c.persona_name,
    avatar_media_id: c.avatar_media_id,
    intents: c.intents.map((i) => defined({ intent_id: i.intent_id, patterns: i.patterns, reply: i.reply, product_ids: i.product_ids })),
    fallback_reply: c.fallback_reply,
  });
}

function recommendation(c: Omit<RecommendationContent, 'limit' | 'filters'> & { limit?: number; filters?: { categories?: string[]; in_stock_only?: boolean } }): RecommendationContent {
  return defined({
    placement: c.placement,
    strategy: c.strategy,
    limit: c.limit ?? 8,
    title: c.title,
    filters: defined({ categories: c.filters?.categories, in_stock_only: c.filters?.in_stock_only ?? true }),
  });
}

/** The content (its kind's schema already passed) in its stored form, and the problems found at `at`. */
export function contentRules(kind: Kind, content: unknown, at: string, details: ErrorDetail[]): Content {
  switch (kind) {
    case 'overlay':
      return overlay(content as OverlayContent, at, details);
    case 'chatbot':
      return chatbot(content as ChatbotContent, at, details);
    case 'recommendation':
      return recommendation(content as RecommendationContent);
  }
}
