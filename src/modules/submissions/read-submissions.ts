// Reading a site's submissions (members; the command line's export as the system): live ones only
// (never spam, never erased), newest first, paged, of one campaign or all, or one by its id; their
// fields opened.
import type { Database } from '../../db/types.js';
import { openPage, type CursorCodec, type PageRequest, type PageResult } from '../../db/paging.js';
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import { openFields } from './sealed-fields.js';
import * as repo from './submissions-repository.js';
import type { SealedSubmission, Submission } from './submission.js';

export interface ReadDeps {
  db: Database;
  keyring: ClickIdKeyring;
  cursors: CursorCodec;
}

const opened = (keyring: ClickIdKeyring, s: SealedSubmission): Submission => {
  const { sealedFields, ...rest } = s;
  return { ...rest, fields: sealedFields ? openFields(keyring, s.siteId, s.submissionId, sealedFields) : {} };
};

/** A page of the site's live submissions (of `campaignId`, or all); a cursor continues only the list it came from. */
export async function listSubmissions(deps: ReadDeps, actor: Actor, siteId: string, campaignId: string | undefined, page: PageRequest): Promise<PageResult<Submission>> {
  await getSiteWithRoleOrThrow(deps.db, siteId, actor, 'member');
  const p = openPage(deps.cursors, `submissions:${siteId}:${campaignId === undefined ? '*' : `campaign:${campaignId}`}`, page);
  const rows = await repo.listSubmissions(deps.db, siteId, campaignId, p.fetch, p.after);
  return p.result(rows, (s) => s.submissionId, ({ cursor_at: _, ...s }) => opened(deps.keyring, s));
}

/** One live submission of the site, its fields opened; spam, erased and another site's are 404 as unknown ones. */
export async function getSubmission(deps: Omit<ReadDeps, 'cursors'>, actor: Actor, siteId: string, submissionId: string): Promise<Submission> {
  await getSiteWithRoleOrThrow(deps.db, siteId, actor, 'member', { resource: 'Submission' });
  const found = await repo.findSubmission(deps.db, siteId, submissionId);
  if (!found) throw notFound('Submission');
  return opened(deps.keyring, found);
}
