// The parameters of the traffic routes (CONTRACT §12) beyond what their schemas check: the interval
// against the period's length, the currency a revenue needs, the funnel's steps. Each refusal is a
// 400 at its query parameter's path.
import { EVENT_TYPES } from '../../domain/event-type-names.js';
import { currencyDigits } from '../../domain/money.js';
import type { Interval } from '../../domain/local-buckets.js';
import { validationFailed } from '../../errors.js';

const HOUR_MS = 3_600_000;
export const MAX_HOURLY_DAYS = 31;

/** An hourly series covers at most 31 × 24 h. */
export function checkInterval(interval: Interval, from: number, to: number): void {
  if (interval === 'hour' && to - from > MAX_HOURLY_DAYS * 24 * HOUR_MS) throw validationFailed('/interval', `interval=hour covers at most ${MAX_HOURLY_DAYS} days; use day or week`, 'too_long');
}

/** A known ISO 4217 code, upper-cased; undefined when none was given. */
export function currencyOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const code = text.toUpperCase();
  if (currencyDigits(code) === undefined) throw validationFailed('/currency', 'currency must be an ISO 4217 code such as EUR', 'unknown_currency');
  return code;
}

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);

/** `steps`: 2–8 distinct event types, comma-separated. */
export function parseSteps(text: string): string[] {
  const steps = text.split(',').map((s) => s.trim());
  const unknown = steps.find((s) => !EVENT_TYPE_SET.has(s));
  if (unknown !== undefined) throw validationFailed('/steps', `unknown funnel step "${unknown.slice(0, 40)}": steps are event types such as page_view`, 'unknown_step');
  if (new Set(steps).size !== steps.length) throw validationFailed('/steps', 'funnel steps must be distinct', 'duplicate_step');
  if (steps.length < 2 || steps.length > 8) throw validationFailed('/steps', 'a funnel has 2 to 8 steps', 'step_count');
  return steps;
}
