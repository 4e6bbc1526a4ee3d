// All SQL of submissions. Rows become SealedSubmission values (the fields still sealed: opening them
// is the use cases' part); spam and erased rows are never read back as submissions.
import type { Queryable } from '../../db/types.js';
import { afterParams, newestFirst, type PageAfter } from '../../db/keyset.js';
import type { NewSubmission, SealedSubmission } from './submission.js';

interface SubmissionRow {
  submission_id: string;
  site_id: string;
  campaign_id: string;
  form_id: string;
  session_id: string | null;
  fields_ciphertext: string | null;
  fields_key_id: string | null;
  consent_granted: boolean | null;
  consent_text_sha256: string | null;
  consent_recorded_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'submission_id, site_id, campaign_id, form_id, session_id, fields_ciphertext, fields_key_id, consent_granted, consent_text_sha256, consent_recorded_at, created_at';
/** What members see: neither spam nor erased. */
const LIVE = 'NOT spam AND erased_at IS NULL';

const submissionFromRow = (r: SubmissionRow): SealedSubmission => ({
  submissionId: r.submission_id,
  siteId: r.site_id,
  campaignId: r.campaign_id,
  formId: r.form_id,
  sessionId: r.session_id ?? '',
  sealedFields: r.fields_ciphertext !== null && r.fields_key_id !== null ? { ciphertext: r.fields_ciphertext, keyId: r.fields_key_id } : null,
  consent:
    r.consent_granted !== null && r.consent_text_sha256 !== null && r.consent_recorded_at !== null
      ? { granted: r.consent_granted, textSha256: r.consent_text_sha256, recordedAt: r.consent_recorded_at }
      : null,
  createdAt: r.created_at,
});

/** Holds a lock on `key` (a signed 64-bit integer as text) until the transaction ends. */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
}

/** The submission the site stored under this client id (spam and erased ones included: a replay is a replay). */
export async function findByClientId(q: Queryable, siteId: string, clientSubmissionId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ submission_id: string }>('SELECT submission_id FROM submissions WHERE site_id = $1 AND client_submission_id = $2', [
    siteId,
    clientSubmissionId,
  ]);
  return rows[0]?.submission_id;
}

/**
 * The first live submission of the campaign with this email hash received since `since` (one another
 * process stamped a moment later, its clock a little ahead, counts too).
 */
export async function findByEmailSince(q: Queryable, siteId: string, campaignId: string, emailHash: string, since: Date): Promise<string | undefined> {
  const { rows } = await q.query<{ submission_id: string }>(
    `SELECT submission_id FROM submissions
      WHERE site_id = $1 AND campaign_id = $2 AND email_hash = $3 AND created_at >= $4 AND ${LIVE}
      ORDER BY created_at, submission_id LIMIT 1`,
    [siteId, campaignId, emailHash, since.toISOString()],
  );
  return rows[0]?.submission_id;
}

/** Stores a submission; false when the site already has one with its client id (nothing written). */
export async function insertSubmission(q: Queryable, s: NewSubmission): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO submissions (submission_id, site_id, campaign_id, form_id, client_submission_id, session_id, fields_ciphertext, fields_key_id,
                              field_names, email_hash, phone_hash, consent_granted, consent_text_sha256, consent_recorded_at, spam, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT ON CONSTRAINT submissions_client_id_key DO NOTHING`,
    [
      s.submissionId,
      s.siteId,
      s.campaignId,
      s.formId,
      s.clientSubmissionId,
      s.sessionId,
      s.sealedFields?.ciphertext ?? null,
      s.sealedFields?.keyId ?? null,
      s.fieldNames,
      s.emailHash,
      s.phoneHash,
      s.consent?.granted ?? null,
      s.consent?.textSha256 ?? null,
      s.consent?.recordedAt.toISOString() ?? null,
      s.spam,
      s.createdAt.toISOString(),
    ],
  );
  return rowCount === 1;
}

/** A site's live submissions (of one campaign, or all), newest first; `limit` rows after `after`. */
export async function listSubmissions(
  q: Queryable,
  siteId: string,
  campaignId: string | undefined,
  limit: number,
  after?: PageAfter,
): Promise<(SealedSubmission & { cursor_at: string })[]> {
  const page = newestFirst({ createdAt: 'created_at', id: 'submission_id' }, 3, 4);
  // Two statements rather than `$n IS NULL OR …`, so that each has its own index (submissions_list_idx, submissions_campaign_idx).
  const ofCampaign = campaignId === undefined ? '' : 'AND campaign_id = $5';
  const { rows } = await q.query<SubmissionRow & { cursor_at: string }>(
    `SELECT ${COLUMNS}, ${page.cursorAt} AS cursor_at FROM submissions
      WHERE site_id = $1 ${ofCampaign} AND ${LIVE} AND ${page.after} ${page.orderBy} LIMIT $2`,
    [siteId, limit, ...afterParams(after), ...(campaignId === undefined ? [] : [campaignId])],
  );
  return rows.map((r) => ({ ...submissionFromRow(r), cursor_at: r.cursor_at }));
}

/** One live submission of the site (spam, erased and another site's are not found). */
export async function findSubmission(q: Queryable, siteId: string, submissionId: string): Promise<SealedSubmission | undefined> {
  const { rows } = await q.query<SubmissionRow>(`SELECT ${COLUMNS} FROM submissions WHERE site_id = $1 AND submission_id = $2 AND ${LIVE}`, [siteId, submissionId]);
  return rows[0] && submissionFromRow(rows[0]);
}

/**
 * Erases a live submission's personal data (the sealed fields, the hashes, the field names and the
 * session) and marks it erased; when, or undefined when the site has no such live submission.
 */
export async function eraseSubmission(q: Queryable, siteId: string, submissionId: string, at: Date): Promise<Date | undefined> {
  const { rows } = await q.query<{ erased_at: Date }>(
    `UPDATE submissions
        SET fields_ciphertext = NULL, fields_key_id = NULL, email_hash = NULL, phone_hash = NULL, field_names = '{}', session_id = NULL, erased_at = $3
      WHERE site_id = $1 AND submission_id = $2 AND ${LIVE}
      RETURNING erased_at`,
    [siteId, submissionId, at.toISOString()],
  );
  return rows[0]?.erased_at;
}

/** The campaigns with live submissions on the site, by their first submission. */
export async function campaignsWithSubmissions(q: Queryable, siteId: string): Promise<string[]> {
  const { rows } = await q.query<{ campaign_id: string }>(
    `SELECT campaign_id FROM submissions WHERE site_id = $1 AND ${LIVE} GROUP BY campaign_id ORDER BY min(created_at), campaign_id`,
    [siteId],
  );
  return rows.map((r) => r.campaign_id);
}

/** The field names live submissions hold (of one campaign, or all), in order of first appearance. */
export async function storedFieldNames(q: Queryable, siteId: string, campaignId: string | undefined): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT f.name FROM submissions s, unnest(s.field_names) WITH ORDINALITY AS f(name, position)
      WHERE s.site_id = $1 AND ($2::text IS NULL OR s.campaign_id = $2) AND ${LIVE}
      GROUP BY f.name ORDER BY min(s.created_at), min(f.position), f.name`,
    [siteId, campaignId ?? null],
  );
  return rows.map((r) => r.name);
}
