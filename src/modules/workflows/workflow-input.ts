// A workflow as written, checked (CONTRACT §11): the URL (no control characters, backslashes or
// spaces at either end, which the URL parser would drop or read as "/": 400 validation_failed; then
// https and a public host unless private destinations are allowed: 400 destination_not_allowed at
// /action/url), the event types of the trigger, the conditions (a JSON Pointer path; `in` with an
// array; `exists` without a value; the others with one). Every problem at its pointer.
import { AppError, type ErrorDetail } from '../../errors.js';
import { EVENT_TYPES } from '../../domain/event-type-names.js';
import { hasUnsafeUrlCharacter } from '../../domain/urls.js';
import { checkDestinationUrl } from '../../outbound/destination-rules.js';
import type { TriggerKind } from '../../kernel/index.js';
import { conditionProblem, type Condition } from './conditions.js';
import type { WorkflowSettings } from './workflow.js';

export const SUBTYPES: Record<TriggerKind, readonly string[]> = {
  event: EVENT_TYPES,
  conversion: ['purchase', 'adjustment', 'cancellation'],
  publisher_report: ['imported'],
  experiment: ['started', 'stopped'],
};

export interface WrittenWorkflow {
  name: string;
  status: 'active' | 'paused';
  trigger: { on: TriggerKind; event_types?: string[]; conditions?: Condition[] };
  action: { type: 'webhook'; url: string };
}

export function checkWorkflow(w: WrittenWorkflow, allowPrivate: boolean): WorkflowSettings {
  if (hasUnsafeUrlCharacter(w.action.url)) {
    const message = 'control characters, backslashes, line separators and spaces at either end are refused (percent-encode them)';
    throw new AppError('validation_failed', undefined, [{ path: '/action/url', code: 'url', message }]);
  }
  const destination = checkDestinationUrl(w.action.url, allowPrivate);
  if (!destination.ok) {
    throw new AppError('destination_not_allowed', destination.message, [{ path: '/action/url', code: 'destination_not_allowed', message: destination.message }]);
  }
  const details: ErrorDetail[] = [];
  const known = SUBTYPES[w.trigger.on];
  (w.trigger.event_types ?? []).forEach((t, i) => {
    if (!known.includes(t)) details.push({ path: `/trigger/event_types/${i}`, code: 'unknown_event_type', message: `${w.trigger.on} triggers know ${known.join(', ')}` });
  });
  (w.trigger.conditions ?? []).forEach((c, i) => {
    const problem = conditionProblem(c);
    if (problem) details.push({ path: `/trigger/conditions/${i}${problem.at}`, code: 'invalid_condition', message: problem.message });
  });
  if (details.length > 0) throw new AppError('validation_failed', undefined, details);
  const eventTypes = w.trigger.event_types ? [...new Set(w.trigger.event_types)] : null;
  return { name: w.name, status: w.status, trigger: { on: w.trigger.on, eventTypes, conditions: w.trigger.conditions ?? [] }, url: destination.url.href };
}
