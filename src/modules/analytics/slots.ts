// The rollups' unit of time: a quarter hour of UTC. Every UTC offset in use today is a multiple of
// 15 minutes (Asia/Kolkata +05:30, Asia/Kathmandu +05:45, Australia/Eucla +08:45…), so the edges of
// local hours, days and weeks fall on slot edges in every zone, and only a period's own ends can
// split a slot (a `from` or `to` with minutes).
export const SLOT_MS = 15 * 60_000;
/** SLOT_MS in SQL. */
export const SLOT_INTERVAL = `interval '15 minutes'`;
/** The start of the slot holding the timestamp column `col`, in SQL. */
export const slotOf = (col: string) => `date_bin(${SLOT_INTERVAL}, ${col}, timestamptz 'epoch')`;
