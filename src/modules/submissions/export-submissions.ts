// What `storefront submissions export` reads where the database is (export-commands.ts sends it): the
// export's field columns, then its rows a page at a time, so that the caller writes them as they come
// and no side ever holds the whole export. The command line acts as the system.
//
// Field columns: the forms of the campaigns exported (CampaignForms.formsOf, the campaigns module's),
// in the order the campaigns first received a submission, each form's fields in its order, a name
// once (its first appearance); then any name stored submissions hold that no form names any more (a
// field since removed), so an export never drops what was submitted.
import type { CampaignForm, CampaignForms } from '../../kernel/index.js';
import { SYSTEM, getSiteWithRoleOrThrow } from '../../kernel/index.js';
import type { Database } from '../../db/types.js';
import { toIso } from '../../time.js';
import * as repo from './submissions-repository.js';
import type { Submission } from './submission.js';

export const EXPORT_COMMANDS = { columns: 'submissions export-columns', page: 'submissions export-page' } as const;

/** The columns before the fields (CONTRACT §9). */
export const FIXED_COLUMNS = ['submission_id', 'campaign_id', 'form_id', 'created_at', 'consent_granted', 'consent_text_sha256'] as const;

/** An exported submission as it crosses to the caller (JSON). */
export interface ExportRow {
  submission_id: string;
  campaign_id: string;
  form_id: string;
  created_at: string;
  consent_granted: boolean | null;
  consent_text_sha256: string | null;
  fields: Record<string, string | boolean>;
}

/** The union of the forms' field names, the forms taken in the campaigns' order, then the stored names left. */
export function fieldColumns(campaignIds: readonly string[], forms: readonly CampaignForm[], storedNames: readonly string[]): string[] {
  const rank = (f: CampaignForm) => {
    const i = campaignIds.indexOf(f.campaignId);
    return i < 0 ? campaignIds.length : i;
  };
  const ordered = [...forms].sort((a, b) => rank(a) - rank(b));
  return [...new Set([...ordered.flatMap((f) => f.fields.map((field) => field.name)), ...storedNames])];
}

/** The export's field columns for the site (one campaign, or every campaign with submissions). */
export async function exportColumns(deps: { db: Database; forms: CampaignForms }, siteId: string, campaignId: string | undefined): Promise<string[]> {
  await getSiteWithRoleOrThrow(deps.db, siteId, SYSTEM, 'member');
  const campaignIds = campaignId === undefined ? await repo.campaignsWithSubmissions(deps.db, siteId) : [campaignId];
  const forms = campaignIds.length === 0 ? [] : await deps.forms.formsOf(siteId, campaignIds);
  return fieldColumns(campaignIds, forms, await repo.storedFieldNames(deps.db, siteId, campaignId));
}

export const toExportRow = (s: Submission): ExportRow => ({
  submission_id: s.submissionId,
  campaign_id: s.campaignId,
  form_id: s.formId,
  created_at: toIso(s.createdAt),
  consent_granted: s.consent?.granted ?? null,
  consent_text_sha256: s.consent?.textSha256 ?? null,
  fields: s.fields,
});
