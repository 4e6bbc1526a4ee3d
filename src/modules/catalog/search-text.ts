// The text `q` searches, pure. Titles and brands are stored a second time in a search form (Unicode
// lower case, then NFKC), and `q` is put in the same form, so "case-insensitive substring" means
// the same thing on both engines whatever the database's locale (PostgreSQL's ILIKE and lower()
// fold only what the locale knows; JavaScript folds all of Unicode). A trigram index serves the
// LIKE over the search form.

/** A title or brand, or a query, in the form search compares. */
export const searchForm = (text: string): string => text.toLowerCase().normalize('NFKC');

/** A LIKE pattern that matches texts containing `q` (its wildcards and the escape character taken literally; ESCAPE '\'). */
export const containsPattern = (q: string): string => `%${searchForm(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
