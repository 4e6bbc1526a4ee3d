// Campaigns with forms for the HTTP tests of submissions, made through the campaigns API (CONTRACT §9)
// as a member would: an active overlay whose content.form is the form to submit; a PATCH changes its
// status or dates.
import assert from 'node:assert/strict';
import type { FormField } from '../../../src/kernel/index.js';
import { bearer, type TestApp } from '../../helpers/app.js';

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

type Site = { siteId: string; owner: string };

/** A campaign of the site (an active overlay showing this form unless told otherwise); its id. */
export async function liveCampaign(t: TestApp, site: Site, form: FormContent | null = EMAIL_FORM, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/sites/${site.siteId}/campaigns`,
    headers: bearer(await t.idToken(site.owner)),
    payload: { name: 'Welcome', kind: 'overlay', status: 'active', content: { template: 'modal', title: 'Hi', ...(form ? { form } : {}) }, ...extra },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.campaign_id as string;
}

/** Changes a campaign (its status, its dates). */
export async function changeCampaign(t: TestApp, site: Site, campaignId: string, patch: Record<string, unknown>): Promise<void> {
  const res = await t.inject({ method: 'PATCH', url: `/api/v1/sites/${site.siteId}/campaigns/${campaignId}`, headers: bearer(await t.idToken(site.owner)), payload: patch });
  assert.equal(res.statusCode, 200, res.body);
}
