// The submissions service: it wires the database, the keyring, the cursor codec, the campaigns'
// forms (the kernel's extension point) and the limiter into the module's use cases (one a file). The
// HTTP routes and the command line's export call these.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { createCursorCodec, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import type { Actor, CampaignForms } from '../../kernel/index.js';
import type { HourlyLimiter } from '../../rate-limit/hourly-limiter.js';
import type { Secrets } from '../../secrets.js';
import { eraseSubmission } from './erase-submission.js';
import { exportColumns } from './export-submissions.js';
import { getSubmission, listSubmissions } from './read-submissions.js';
import { chargeSubmitAttempt } from './submit-limit.js';
import { submitSubmission } from './submit-submission.js';
import type { SubmissionInput } from './submission.js';

export interface SubmissionsDeps {
  db: Database;
  secrets: Secrets;
  keyring: ClickIdKeyring;
  /** The forms of live campaigns (the campaigns module's, late-resolved). */
  forms: CampaignForms;
  limiter: HourlyLimiter;
}

export function createSubmissionsService({ db, secrets, keyring, forms, limiter }: SubmissionsDeps) {
  const cursors = createCursorCodec(secrets);
  return {
    /** Charges one submission request to its client address and campaign (10 a minute), or throws 429. */
    chargeAttempt: (siteId: string, address: string, campaignId: unknown) => chargeSubmitAttempt(limiter, siteId, address, campaignId),
    /** Takes a browser's submission for the site; the id to answer with (new, or the first one's). */
    submit: (siteId: string, input: SubmissionInput, now = new Date()) => submitSubmission({ db, keyring, forms }, siteId, input, now),
    /** The site's live submissions, newest first, their fields opened. */
    list: (actor: Actor, siteId: string, campaignId: string | undefined, page: PageRequest) => listSubmissions({ db, keyring, cursors }, actor, siteId, campaignId, page),
    /** Erases a submission's personal data. */
    get: (actor: Actor, siteId: string, submissionId: string) => getSubmission({ db, keyring }, actor, siteId, submissionId),
    erase: (actor: Actor, siteId: string, submissionId: string, now = new Date()) => eraseSubmission(db, actor, siteId, submissionId, now),
    /** The field columns of an export. */
    exportColumns: (siteId: string, campaignId: string | undefined) => exportColumns({ db, forms }, siteId, campaignId),
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
