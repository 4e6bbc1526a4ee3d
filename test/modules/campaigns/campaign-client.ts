// Campaign bodies for tests: one valid campaign of each kind, and a way to change a field.
export const overlay = (extra: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  kind: 'overlay',
  content: {
    template: 'modal',
    title: 'Hi',
    body: '10% off',
    form: { form_id: 'f1', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }], consent_text: 'I agree to receive emails' },
  },
  ...extra,
});

export const quiz = (extra: Record<string, unknown> = {}) => ({
  name: 'Quiz',
  kind: 'overlay',
  content: {
    template: 'quiz',
    title: 'Find your fit',
    quiz: { quiz_id: 'q1', questions: [{ question_id: 'terrain', text: 'Where?', answers: [{ answer_id: 'road', text: 'Road' }, { answer_id: 'trail', text: 'Trail' }] }] },
  },
  ...extra,
});

export const chatbot = (extra: Record<string, unknown> = {}) => ({
  name: 'Assistant',
  kind: 'chatbot',
  content: { greeting: 'Hi!', intents: [{ intent_id: 'shipping', patterns: ['shipping'], reply: 'Two days.' }], fallback_reply: 'Sorry?' },
  ...extra,
});

export const recommendation = (extra: Record<string, unknown> = {}) => ({
  name: 'Popular',
  kind: 'recommendation',
  content: { placement: 'home', strategy: 'popular' },
  ...extra,
});

/** A copy of `body` with the value at a JSON Pointer replaced (undefined: removed). */
export function withValue(body: unknown, pointer: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  const tokens = pointer.split('/').slice(1);
  let at: Record<string, unknown> = copy;
  for (const token of tokens.slice(0, -1)) at = at[token] as Record<string, unknown>;
  const last = tokens[tokens.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}
