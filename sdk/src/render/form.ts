// A campaign's form: a <label> for every field, errors tied to their field (aria-invalid,
// aria-describedby) and announced, a honeypot, and one client_submission_id per rendered form so a
// double click or a retry is one submission (CONTRACT §9).
import type { Campaign, Form, FormField, RenderHost } from '../campaign-types.js';
import { h, uid } from './dom.js';
import { submittedFields, validateForm, type Values } from './validate.js';

type Control = HTMLInputElement | HTMLSelectElement;

const FAILED: Record<number, string> = {
  400: 'Please check your entries and try again.',
  404: 'Sorry, this offer is no longer available.',
  429: 'Too many attempts. Please try again in a minute.',
};

function control(f: FormField, id: string, errId: string): Control {
  const common = { id, name: f.name, required: f.required, 'aria-describedby': errId };
  if (f.type === 'choice') {
    return h('select', common, h('option', { value: '' }, 'Choose…'), ...(f.options ?? []).map((o) => h('option', { value: o }, o)));
  }
  const type = f.type === 'consent' ? 'checkbox' : f.type === 'phone' ? 'tel' : f.type;
  const auto = f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : undefined;
  return h('input', { ...common, type, autocomplete: auto, maxlength: f.type === 'consent' ? undefined : f.type === 'email' ? '254' : '1000' });
}

function field(f: FormField) {
  const id = uid('f');
  const err = h('p', { id: `${id}e`, class: 'e', hidden: true });
  const input = control(f, id, err.id);
  const label = f.type === 'consent' ? h('label', { class: 'ck' }, input, f.label) : h('label', { for: id }, f.label);
  return { f, input, err, el: h('div', { class: 'f' }, label, f.type === 'consent' ? undefined : input, err) };
}

const valueOf = (c: Control) => (c instanceof HTMLInputElement && c.type === 'checkbox' ? c.checked : c.value);

/** The form element; `sent` runs after a 202 (the thank-you state replaces the form). */
export function buildForm(host: RenderHost, c: Campaign, form: Form, sent: () => void): HTMLFormElement {
  const fields = form.fields.map(field);
  // The consent text is asked with a box of its own, unless a consent field of the form is that box
  // (then the text is shown beside the fields and the field carries the answer).
  const ownBox = !form.fields.some((f) => f.type === 'consent');
  const consent = form.consent_text && ownBox ? h('input', { type: 'checkbox', name: 'consent', id: uid('c') }) : undefined;
  const honeypot = h('input', { name: 'website', tabindex: '-1', autocomplete: 'off', id: uid('w') });
  const button = h('button', { type: 'submit', class: 'b' }, 'Submit');
  const status = h('p', { class: 'st', role: 'status' });
  const clientSubmissionId = host.uuid();
  let sending = false;

  const el = h(
    'form',
    { novalidate: true, onsubmit: (e) => void submit(e) },
    ...fields.map((x) => x.el),
    consent ? h('div', { class: 'f' }, h('label', { class: 'ck' }, consent, form.consent_text)) : form.consent_text && h('p', { class: 'n' }, form.consent_text),
    h('div', { class: 'hp', 'aria-hidden': 'true' }, h('label', { for: honeypot.id }, 'Website'), honeypot),
    button,
    status,
  );

  async function submit(e: Event) {
    e.preventDefault();
    if (sending) return;
    const values: Values = {};
    for (const x of fields) values[x.f.name] = valueOf(x.input);
    if (!showErrors(validateForm(form.fields, values))) return;
    status.textContent = 'Sending…';
    sending = button.disabled = true;
    const res = await host.api('/submissions', {
      campaign_id: c.campaign_id,
      form_id: form.form_id,
      client_submission_id: clientSubmissionId,
      session_id: host.sessionId(),
      fields: { ...submittedFields(form.fields, values), ...(honeypot.value ? { website: honeypot.value } : {}) },
      ...(consent ? { consent: { granted: consent.checked } } : {}),
    });
    if (res?.status === 202) return sent();
    sending = button.disabled = false;
    status.textContent = (res && FAILED[res.status]) ?? 'Something went wrong. Please try again.';
    // The server's own checks name the fields they refused (`/fields/<name>`).
    if (res?.status === 400) {
      const details = ((await res.json().catch(() => ({}))) as { error?: { details?: { path: string }[] } }).error?.details ?? [];
      const refused: Record<string, string> = {};
      for (const d of details) if (d.path.startsWith('/fields/')) refused[d.path.slice(8)] = 'Please check this entry.';
      showErrors(refused);
    }
  }

  /** Marks the fields in error (and clears the others); focuses the first. True when there is none. */
  function showErrors(errors: Record<string, string>): boolean {
    for (const x of fields) {
      const message = errors[x.f.name];
      x.input.setAttribute('aria-invalid', String(!!message));
      x.err.textContent = message ?? '';
      x.err.hidden = !message;
    }
    const firstBad = fields.find((x) => errors[x.f.name]);
    if (!firstBad) return true;
    status.textContent = 'Please correct the highlighted fields.';
    firstBad.input.focus();
    return false;
  }
  return el;
}
