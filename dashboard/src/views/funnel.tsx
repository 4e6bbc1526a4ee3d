// The overview's funnel (GET /analytics/funnel): the merchant chooses 2–8 steps (event types, in
// order) and the window, for the overview's period; sessions per step and the share of each step
// before, as bars and as a table. The steps and window are in the URL with the period. A choice the
// API refuses (a window of 0, a step twice) shows the API's message.
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { FunnelChart } from '../components/funnel-chart';
import { Async } from '../components/status';
import { useApi } from '../use-api';
import { EVENT_LABELS, EVENT_TYPES, eventLabel } from './event-types';
import { apiPeriod, MAX_STEPS, MIN_STEPS, type OverviewQuery } from './overview-query';

export function Funnel({ siteId, query, apply }: { siteId: string; query: OverviewQuery; apply: (change: Partial<OverviewQuery>) => void }) {
  const period = apiPeriod(query);
  const steps = query.steps.join(',');
  const [funnel] = useApi(
    () => call(api.GET('/api/v1/sites/{siteId}/analytics/funnel', { params: { path: { siteId }, query: { ...period, steps, window_minutes: Number(query.window) } } })),
    [siteId, period, steps, query.window],
  );
  return (
    <section aria-labelledby="funnel">
      <h2 id="funnel">Funnel</h2>
      <FunnelForm steps={query.steps} window={query.window} apply={apply} />
      <Async state={funnel} what="the funnel">
        {(data) => (
          <FunnelChart
            title={`Sessions reaching each step in order, within ${query.window} minutes of the first (${query.tz})`}
            steps={data.map((s) => ({ label: eventLabel(s.step), sessions: s.sessions }))}
          />
        )}
      </Async>
    </section>
  );
}

interface Draft {
  steps: string[];
  window: string;
}

function FunnelForm(props: { steps: string[]; window: string; apply: (change: Partial<OverviewQuery>) => void }) {
  const [draft, setDraft] = useState<Draft>({ steps: props.steps, window: props.window });
  const [focusStep, setFocusStep] = useState<number>();
  // Back/forward (or a link) changed the URL: the form shows it.
  useEffect(() => setDraft({ steps: props.steps, window: props.window }), [props.steps.join(','), props.window]);
  // After a step is added or removed, focus goes to a step's list rather than to the page.
  useEffect(() => {
    if (focusStep === undefined) return;
    document.getElementById(`funnel-step-${focusStep}`)?.focus();
    setFocusStep(undefined);
  }, [focusStep]);
  const setStep = (i: number, step: string) => setDraft({ ...draft, steps: draft.steps.map((s, k) => (k === i ? step : s)) });
  const remove = (i: number) => {
    setDraft({ ...draft, steps: draft.steps.filter((_, k) => k !== i) });
    setFocusStep(Math.min(i, draft.steps.length - 2));
  };
  const add = () => {
    const next = EVENT_TYPES.find((t) => !draft.steps.includes(t)) ?? 'page_view';
    setDraft({ ...draft, steps: [...draft.steps, next] });
    setFocusStep(draft.steps.length);
  };
  const submit = (e: Event) => {
    e.preventDefault();
    props.apply(draft);
  };
  return (
    <form class="controls funnel-form" aria-label="Funnel steps and window" noValidate onSubmit={submit}>
      <fieldset>
        <legend>Steps, in order</legend>
        <ol class="steps">
          {draft.steps.map((step, i) => (
            <li key={i}>
              <label for={`funnel-step-${i}`}>Step {i + 1}</label>{' '}
              <select id={`funnel-step-${i}`} value={step} onChange={(e) => setStep(i, e.currentTarget.value)}>
                {step in EVENT_LABELS ? null : <option value={step}>{step}</option>}
                {EVENT_TYPES.map((t) => (
                  <option value={t} key={t}>
                    {EVENT_LABELS[t]}
                  </option>
                ))}
              </select>{' '}
              <button type="button" class="secondary" disabled={draft.steps.length <= MIN_STEPS} onClick={() => remove(i)}>
                Remove<span class="sr-only"> step {i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <button type="button" class="secondary" disabled={draft.steps.length >= MAX_STEPS} onClick={add}>
          Add a step
        </button>
      </fieldset>
      <div>
        <label for="funnel-window">Window (minutes after the first step)</label>{' '}
        <input id="funnel-window" class="short" type="number" inputMode="numeric" min={1} max={10080} value={draft.window} onInput={(e) => setDraft({ ...draft, window: e.currentTarget.value })} />
      </div>
      <button type="submit">Show the funnel</button>
    </form>
  );
}
