// Timestamps out are ISO 8601 UTC with milliseconds (CONTRACT §0).

// The last epoch-milliseconds value formatted, and its text: a batch's answers (and its events
// without an occurred_at) repeat one receipt time a hundred times, and formatting a Date costs
// about a microsecond.
let lastMs = Number.NaN;
let lastIso = '';

export const toIso = (d: Date | string | number): string => {
  if (typeof d !== 'number') return new Date(d).toISOString();
  // NaN never equals itself: an invalid time always reaches toISOString and throws there.
  if (d !== lastMs) {
    lastIso = new Date(d).toISOString();
    lastMs = d;
  }
  return lastIso;
};

export const toIsoOrNull = (d: Date | string | number | null | undefined): string | null =>
  d === null || d === undefined ? null : toIso(d);
