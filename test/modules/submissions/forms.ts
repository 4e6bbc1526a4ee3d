// Campaign forms for the submissions tests: a small CampaignForms that holds forms by site (what the
// campaigns module answers through the kernel), and the service built on a test app with it.
import type { CampaignForm, CampaignForms, FormField } from '../../../src/kernel/index.js';
import { createSubmissionsService, type SubmissionsService } from '../../../src/modules/submissions/submissions-service.js';
import type { SubmissionInput } from '../../../src/modules/submissions/submission.js';
import type { TestApp } from '../../helpers/app.js';

export const CONSENT_TEXT = 'I agree to receive emails';

export const field = (name: string, type: FormField['type'], required = false, options?: string[]): FormField => ({ name, type, label: name, required, ...(options ? { options } : {}) });

/** A newsletter form: a required email, a name, a phone, a choice and a consent box. */
export const newsletterFields = (): FormField[] => [
  field('email', 'email', true),
  field('name', 'text'),
  field('phone', 'phone'),
  field('size', 'choice', false, ['S', 'M', 'L']),
  field('news', 'consent'),
];

export interface TestForms extends CampaignForms {
  /** Makes a campaign of the site show this form (active) until `close`. */
  open(siteId: string, campaignId: string, form?: Partial<Omit<CampaignForm, 'campaignId'>>): CampaignForm;
  /** The campaign shows no form any more (paused, archived, past its dates). */
  close(siteId: string, campaignId: string): void;
}

export function testForms(): TestForms {
  const live = new Map<string, CampaignForm>();
  const all = new Map<string, CampaignForm>();
  const key = (siteId: string, campaignId: string) => `${siteId}\n${campaignId}`;
  return {
    open(siteId, campaignId, form = {}) {
      const made: CampaignForm = { campaignId, formId: 'f1', fields: newsletterFields(), consentText: CONSENT_TEXT, ...form };
      live.set(key(siteId, campaignId), made);
      all.set(key(siteId, campaignId), made);
      return made;
    },
    close(siteId, campaignId) {
      live.delete(key(siteId, campaignId));
    },
    async activeForm(siteId, campaignId) {
      return live.get(key(siteId, campaignId)) ?? null;
    },
    async formsOf(siteId, campaignIds) {
      return [...all.entries()].filter(([k, f]) => k.startsWith(`${siteId}\n`) && (!campaignIds || campaignIds.includes(f.campaignId))).map(([, f]) => f);
    },
  };
}

/** The submissions service of the test app, on these forms. */
export function serviceOf(t: TestApp, forms: CampaignForms): SubmissionsService {
  const s = t.app.services;
  return createSubmissionsService({ db: t.database.db, secrets: t.secrets, keyring: s.keyring, forms, limiter: s.moduleContext.limiter });
}

let n = 0;
/** A submission's input with fresh client and session ids. */
export function input(campaignId: string, fields: SubmissionInput['fields'], over: Partial<SubmissionInput> = {}): SubmissionInput {
  n += 1;
  return { campaignId, formId: 'f1', clientSubmissionId: `client-${n}-${Math.random().toString(36).slice(2)}`, sessionId: `session-${n}`, fields, ...over };
}
