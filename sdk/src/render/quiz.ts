// A quiz inside its overlay: a start button, one question at a time (answers are buttons), then
// `finished` (the overlay's form or its thanks). quiz_start, quiz_answer and quiz_complete carry the
// overlay's ids and the quiz's stable ids (CONTRACT §3).
import type { Quiz, RenderHost } from '../campaign-types.js';
import { h, uid } from './dom.js';

export function buildQuiz(host: RenderHost, quiz: Quiz, ids: Record<string, string>, finished: () => void): HTMLElement {
  const el = h('div');
  const base = { ...ids, quiz_id: quiz.quiz_id };
  const ask = (i: number) => {
    const q = quiz.questions[i];
    if (!q) {
      host.track('quiz_complete', base);
      return finished();
    }
    const textId = uid('q');
    const text = h('p', { id: textId, class: 'q', tabindex: '-1' }, q.text);
    const answers = q.answers.map((a) =>
      h('button', {
        type: 'button',
        class: 'a',
        onclick: () => {
          host.track('quiz_answer', { ...base, question_id: q.question_id, answer_id: a.answer_id });
          ask(i + 1);
        },
      }, a.text),
    );
    el.replaceChildren(h('p', { class: 'n' }, `Question ${i + 1} of ${quiz.questions.length}`), text, h('div', { role: 'group', 'aria-labelledby': textId }, ...answers));
    text.focus();
  };
  const start = h('button', {
    type: 'button',
    class: 'b',
    onclick: () => {
      host.track('quiz_start', base);
      ask(0);
    },
  }, 'Start the quiz');
  el.append(start);
  return el;
}
