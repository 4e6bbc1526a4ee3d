// Taking a browser's submission (CONTRACT §9): the campaign's live form (another module's, through the
// kernel's CampaignForms: none is 404), the form's rules (400 with every problem), then, in one
// transaction, idempotency and deduplication before anything is stored:
//   - the same client_submission_id on the site is the first submission again (the unique constraint
//     decides between racing requests: the loser's insert does nothing and it reads the winner's id);
//   - the same email (normalised) on the same campaign within 24 h is the first live submission again:
//     requests with one email on one campaign take a transaction-scoped advisory lock on it, so two
//     racing ones are serialised and the second finds the first.
// A filled honeypot answers like a success (a fresh-looking id) and keeps only a bare row marked spam:
// no fields, no hashes, never listed, exported or counted. Nothing else happens here: a browser's
// submission triggers no workflow (spec §1).
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/types.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { AppError } from '../../errors.js';
import type { CampaignForm, CampaignForms } from '../../kernel/index.js';
import { checkSubmission, formIdProblem } from './check-submission.js';
import { consentTextSha256 } from './consent-rules.js';
import { honeypotFilled } from './field-rules.js';
import { emailHash, phoneHash, sealFields } from './sealed-fields.js';
import * as repo from './submissions-repository.js';
import { EMAIL_DEDUPE_WINDOW_MS, newSubmissionId, type CheckedSubmission, type NewSubmission, type SubmissionInput } from './submission.js';

export interface SubmitDeps {
  db: Database;
  keyring: ClickIdKeyring;
  forms: CampaignForms;
}

/** The advisory-lock key of one email on one campaign of a site: 64 bits of a hash, as signed text. */
function emailLockKey(siteId: string, campaignId: string, hash: string): string {
  const digest = createHash('sha256').update(`submissions/email\n${siteId}\n${campaignId}\n${hash}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/** The row of a submission that passed its form. */
function newRow(deps: SubmitDeps, siteId: string, input: SubmissionInput, form: CampaignForm, checked: CheckedSubmission, now: Date): NewSubmission {
  const submissionId = newSubmissionId();
  return {
    ...base(siteId, input, submissionId, now),
    sealedFields: sealFields(deps.keyring, siteId, submissionId, checked.values),
    fieldNames: Object.keys(checked.values),
    emailHash: checked.email === null ? null : emailHash(deps.keyring, checked.email),
    phoneHash: checked.phone === null ? null : phoneHash(deps.keyring, checked.phone),
    consent: checked.consentGranted === null || form.consentText === null ? null : { granted: checked.consentGranted, textSha256: consentTextSha256(form.consentText), recordedAt: now },
    spam: false,
  };
}

const base = (siteId: string, input: SubmissionInput, submissionId: string, now: Date) => ({
  submissionId,
  siteId,
  campaignId: input.campaignId,
  formId: input.formId,
  clientSubmissionId: input.clientSubmissionId,
  sessionId: input.sessionId,
  createdAt: now,
});

/** Stores the row unless its client id is known; the id that answers either way. */
async function storeOnce(tx: Queryable, row: NewSubmission): Promise<string> {
  if (await repo.insertSubmission(tx, row)) return row.submissionId;
  const first = await repo.findByClientId(tx, row.siteId, row.clientSubmissionId);
  // The row that took the client id is committed (the insert waited for it): never absent here.
  if (first === undefined) throw new AppError('conflict', 'The submission was being stored twice at once; send it again');
  return first;
}

/** Stores a checked submission once (by client id, then by email within 24 h); its id. */
async function store(deps: SubmitDeps, row: NewSubmission, now: Date): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const replayed = await repo.findByClientId(tx, row.siteId, row.clientSubmissionId);
    if (replayed !== undefined) return replayed;
    if (row.emailHash !== null) {
      await repo.lockKey(tx, emailLockKey(row.siteId, row.campaignId, row.emailHash));
      const since = new Date(now.getTime() - EMAIL_DEDUPE_WINDOW_MS);
      const first = await repo.findByEmailSince(tx, row.siteId, row.campaignId, row.emailHash, since);
      if (first !== undefined) return first;
    }
    return storeOnce(tx, row);
  });
}

/** The campaign's live form, or 404 (unknown, another site's, not active, outside its dates, no form). */
async function activeFormOrThrow(forms: CampaignForms, siteId: string, campaignId: string, now: Date): Promise<CampaignForm> {
  const form = await forms.activeForm(siteId, campaignId, now);
  if (!form) throw new AppError('not_found', 'No campaign with this id is active with a form on this site');
  return form;
}

/** Takes a submission for the site (the runtime token's); the submission id to answer with (202). */
export async function submitSubmission(deps: SubmitDeps, siteId: string, input: SubmissionInput, now: Date): Promise<string> {
  const form = await activeFormOrThrow(deps.forms, siteId, input.campaignId, now);
  const wrongForm = formIdProblem(form, input.formId);
  if (wrongForm) throw new AppError('validation_failed', 'form_id is not the form this campaign shows', [wrongForm]);
  if (honeypotFilled(form, input.fields)) {
    const spam = { ...base(siteId, input, newSubmissionId(), now), sealedFields: null, fieldNames: [], emailHash: null, phoneHash: null, consent: null, spam: true };
    return deps.db.transaction((tx) => storeOnce(tx, spam));
  }
  const checked = checkSubmission(form, input);
  if (!checked.ok) throw new AppError('validation_failed', 'The submission does not fit the campaign’s form', checked.details);
  return store(deps, newRow(deps, siteId, input, form, checked.value, now), now);
}
