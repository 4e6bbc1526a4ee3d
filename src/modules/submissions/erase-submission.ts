// Erasing a submission (a member, CONTRACT §9): its personal data (the sealed fields, the email and
// phone hashes, the session) is dropped at once, in one statement; the bare row stays, marked erased,
// so a replay of its client id is still a replay, and it no longer dedupes by email. Afterwards it is
// 404 to reads and to a second erasure; another site's submission is 404 as an unknown one.
import type { Database } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as repo from './submissions-repository.js';

export async function eraseSubmission(db: Database, actor: Actor, siteId: string, submissionId: string, now: Date): Promise<{ submissionId: string; erasedAt: Date }> {
  return db.transaction(async (tx) => {
    await getSiteWithRoleOrThrow(tx, siteId, actor, 'member', { resource: 'Submission' });
    const erasedAt = await repo.eraseSubmission(tx, siteId, submissionId, now);
    if (erasedAt === undefined) throw notFound('Submission');
    return { submissionId, erasedAt };
  });
}
