// Scopes a secret API key can carry (CONTRACT §1): what a route may demand of a key.
export const SCOPES = ['events:write', 'partner_attribution:convert', 'publisher_reports:write', 'catalog:write'] as const;
export type Scope = (typeof SCOPES)[number];
export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);
