// Scopes a secret API key can carry (CONTRACT §1).
export const SCOPES = ['events:write', 'partner_attribution:convert', 'publisher_reports:write'] as const;
export type Scope = (typeof SCOPES)[number];
export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);
export const DEFAULT_KEY_EVENTS_PER_HOUR = 10_000;
