// An extension point of the kernel: the forms of a site's live campaigns, for the module that takes
// browser submissions. The module that keeps campaigns answers with the form a campaign shows now
// (active, within its dates), or null when there is none.

export type FormFieldType = 'email' | 'text' | 'phone' | 'choice' | 'consent';

export interface FormField {
  name: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  /** The allowed values of a `choice` field. */
  options?: string[];
}

export interface CampaignForm {
  campaignId: string;
  formId: string;
  /** In the order the form shows them. */
  fields: FormField[];
  /** The consent text the form shows, or null when it asks for no consent. */
  consentText: string | null;
}

export interface CampaignForms {
  /** The form the campaign shows now: active, within its dates, an overlay with a form; else null. */
  activeForm(siteId: string, campaignId: string, now: Date): Promise<CampaignForm | null>;
  /** The forms of the site's campaigns (any status), for exports that name their fields in order. */
  formsOf(siteId: string, campaignIds?: readonly string[]): Promise<CampaignForm[]>;
}

/** No module keeps campaigns: no form is live. */
export const NO_CAMPAIGN_FORMS: CampaignForms = { activeForm: async () => null, formsOf: async () => [] };
