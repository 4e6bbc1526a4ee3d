// The rule-based chatbot's matching, pure: the visitor's message and each intent's patterns are
// normalised (lower case, accents and punctuation dropped, spaces collapsed); a pattern matches when
// its words appear in the message as consecutive whole words, where a word of three letters or more
// also takes the common English endings (return → returns, returned, returning; ship → shipped,
// shipping). The longest matching pattern (most words, then most characters) wins; on a tie, the
// intent listed first. No match: the fallback.
import type { Intent } from '../campaign-types.js';

export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether a word of the message is the pattern's word, or that word with an ending. */
export function wordMatches(word: string, pattern: string): boolean {
  if (word === pattern) return true;
  if (pattern.length < 3 || !word.startsWith(pattern)) return false;
  const rest = word.slice(pattern.length);
  return /^(s|es|d|ed|ing)$/.test(rest) || rest === `${pattern.at(-1)}ed` || rest === `${pattern.at(-1)}ing`;
}

export function matchIntent<T extends Pick<Intent, 'patterns'>>(message: string, intents: readonly T[]): T | undefined {
  const words = normalise(message).split(' ');
  let best: T | undefined;
  let score = 0;
  for (const intent of intents) {
    for (const pattern of intent.patterns) {
      const p = normalise(pattern);
      const pw = p.split(' ');
      const s = pw.length * 1000 + p.length;
      if (!p || s <= score) continue;
      if (words.some((_, i) => pw.every((w, j) => wordMatches(words[i + j] ?? '', w)))) {
        best = intent;
        score = s;
      }
    }
  }
  return best;
}
