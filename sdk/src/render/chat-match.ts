// The rule-based chatbot's matching, pure: the visitor's message and each intent's patterns are
// normalised (lower case, accents and punctuation dropped, spaces collapsed); a pattern matches when
// its words appear in the message as whole consecutive words. The longest matching pattern (most
// words, then most characters) wins; on a tie, the intent listed first. No match: the fallback.
import type { Intent } from '../campaign-types.js';

export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function matchIntent<T extends Pick<Intent, 'patterns'>>(message: string, intents: readonly T[]): T | undefined {
  const text = ` ${normalise(message)} `;
  let best: T | undefined;
  let score = 0;
  for (const intent of intents) {
    for (const pattern of intent.patterns) {
      const p = normalise(pattern);
      if (!p || !text.includes(` ${p} `)) continue;
      const s = p.split(' ').length * 1000 + p.length;
      if (s > score) {
        best = intent;
        score = s;
      }
    }
  }
  return best;
}
