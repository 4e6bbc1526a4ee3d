// Campaigns with forms for the HTTP tests of submissions. Until the campaigns module lands, the app's
// CampaignForms extension point (late-resolved) is given an in-test implementation; the helpers take
// the shapes of the campaigns API (content.form as CONTRACT §9 writes it) so that switching to it is a
// change of this file alone.
import type { CampaignForms, FormField } from '../../../src/kernel/index.js';
import type { TestApp } from '../../helpers/app.js';
import { testForms, type TestForms } from './forms.js';

export interface FormContent {
  form_id: string;
  fields: FormField[];
  consent_text?: string;
}

export const EMAIL_FORM: FormContent = {
  form_id: 'f1',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'name', type: 'text', label: 'Name', required: false },
    { name: 'phone', type: 'phone', label: 'Phone', required: false },
    { name: 'size', type: 'choice', label: 'Size', required: false, options: ['S', 'M', 'L'] },
  ],
  consent_text: 'I agree to receive emails',
};

const installed = new WeakMap<TestApp, TestForms>();

function formsOf(t: TestApp): TestForms {
  let forms = installed.get(t);
  if (!forms) {
    forms = testForms();
    (t.app.services.moduleContext.campaignForms as CampaignForms & { resolve(found: CampaignForms): void }).resolve(forms);
    installed.set(t, forms);
  }
  return forms;
}

let n = 0;

/** An active campaign of the site showing this form; its id. */
export async function liveCampaign(t: TestApp, site: { siteId: string; owner: string }, form: FormContent = EMAIL_FORM): Promise<string> {
  n += 1;
  const campaignId = `cmp_test${n}${Math.random().toString(36).slice(2, 10)}`;
  formsOf(t).open(site.siteId, campaignId, { formId: form.form_id, fields: form.fields, consentText: form.consent_text ?? null });
  return campaignId;
}

/** The campaign stops showing its form (paused). */
export async function pauseCampaign(t: TestApp, site: { siteId: string; owner: string }, campaignId: string): Promise<void> {
  formsOf(t).close(site.siteId, campaignId);
}
