// SQL of newest-first keyset pages over (created_at, id), the order of every list (CONTRACT §7).
// The cursor's sort key is created_at at microsecond precision as text (a JS Date would drop the
// microseconds) and the id compared byte-wise (COLLATE "C"), the same on both engines.

/** A page starts after this item (its created_at as cursorAt() printed it, and its id). */
export interface PageAfter {
  at: string;
  id: string;
}

export function newestFirst(table: { createdAt: string; id: string }, atParam: number, idParam: number) {
  const { createdAt, id } = table;
  return {
    /** Select it as `cursor_at`: the sort key a cursor carries. */
    cursorAt: `to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    /** True for every row after the cursor (or every row without one: the parameters are null). */
    after: `($${atParam}::timestamptz IS NULL OR (${createdAt}, ${id} COLLATE "C") < ($${atParam}::timestamptz, $${idParam}::text COLLATE "C"))`,
    orderBy: `ORDER BY ${createdAt} DESC, ${id} COLLATE "C" DESC`,
  };
}

/** The cursor parameters of a page request, for the query's parameter list. */
export const afterParams = (after: PageAfter | undefined) => [after?.at ?? null, after?.id ?? null];
