// Timestamps out are ISO 8601 UTC with milliseconds (CONTRACT §0).
export const toIso = (d: Date | string | number): string => new Date(d).toISOString();
export const toIsoOrNull = (d: Date | string | number | null | undefined): string | null =>
  d === null || d === undefined ? null : toIso(d);
