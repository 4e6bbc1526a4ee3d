// The kernel: what every module needs, behind this one interface. Sites (lookup, with a short-lived
// cache for the hot path), membership and access (members read, owners change; the system acts on
// the command line), site configuration (defaults, patches, origins, publisher hosts), and the
// extension points between modules (the order ledger, media references). Modules import the kernel from here only, never its files.
import type { Database } from '../db/types.js';
import type { Secrets } from '../secrets.js';
import { createSiteDirectory, type SiteDirectory } from './site-directory.js';
import { createSitesService, type SiteLimits, type SitesService } from './sites-service.js';

export { SYSTEM, type Actor, type Member, type Role, type Site } from './site.js';
export { getSiteWithRoleOrThrow } from './site-access.js';
export * from './site-config.js';
export * from './consent-policy.js';
export { SITE_CACHE_TTL_MS, type SiteDirectory } from './site-directory.js';
export { toSiteView, type CreateSiteInput, type MemberView, type SiteLimits, type SitesService, type SiteView, type UpdateSiteInput } from './sites-service.js';
export * as siteSchemas from './site-schemas.js';
export { allMediaUsers, NO_MEDIA, type MediaLibrary, type MediaUser } from './media-references.js';
export { NO_EXPERIMENTS, type ExperimentGate, type GateState } from './experiment-gate.js';
export { NO_CAMPAIGN_FORMS, type CampaignForm, type CampaignForms, type FormField, type FormFieldType } from './campaign-forms.js';
export {
  NO_ACTIVITY,
  NO_SHELF,
  NO_SLOTS,
  streamPositionReached,
  type InteractionKind,
  type InteractionPage,
  type ProductActivity,
  type ProductCounts,
  type ProductInteraction,
  type ProductShelf,
  type RecommendationSlot,
  type RecommendationSlots,
  type RecommendationStrategy,
  type ShelfProduct,
} from './recommendation-sources.js';
export { late } from './late.js';
export { allListeners, type LedgerDeltas, type LinkedOrder, type OrderLedgerListener } from './order-ledger.js';
export { NO_TRIGGERS, type Happening, type TriggerKind, type WorkflowTriggers } from './workflow-triggers.js';
export { NO_REPORT_IMPORTS, type ReportImport, type ReportImports, type ReportImportSummary } from './report-imports.js';

export interface Kernel {
  /** Sites and members: creation, reads for members, changes by owners. */
  sites: SitesService;
  /** Sites as the hot path reads them (cached 5 s; a change made through `sites` is seen at once here). */
  siteDirectory: SiteDirectory;
}

export function createKernel(db: Database, secrets: Secrets, limits: SiteLimits): Kernel {
  const siteDirectory = createSiteDirectory(db);
  return { sites: createSitesService(db, siteDirectory, secrets, limits), siteDirectory };
}
