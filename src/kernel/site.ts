// The kernel's domain values: a site, its members and their roles. Repositories map rows to these;
// everything else (rules, services, modules) reads only these.
import type { StoredSiteConfig } from './site-config.js';

export type Role = 'owner' | 'member';

export interface Site {
  siteId: string;
  name: string;
  /** Allowed browser origins, in their normal form. */
  origins: string[];
  publisherMode: boolean;
  /** Only the values an owner set (effectiveSiteConfig gives what applies). */
  config: StoredSiteConfig;
  createdAt: Date;
  updatedAt: Date;
}

export interface Member {
  siteId: string;
  userId: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

/** Who acts: a merchant user, or the system (the command line, the first start). */
export type Actor = { kind: 'user'; userId: string } | { kind: 'system' };

export const SYSTEM: Actor = Object.freeze({ kind: 'system' });
