// Submissions (CONTRACT §9): what browsers submit through campaigns' forms, checked against the form
// a live campaign shows (the kernel's CampaignForms, kept by the campaigns module), stored with the
// fields sealed and the email and phone as keyed hashes; read and erased by members, exported by
// `storefront submissions export`. Its sealed column is re-sealed by click-id rotation and kept out
// of click-id retention.
import { str } from '../../cli/command.js';
import { defineModule } from '../module.js';
import { exportCommands } from './export-commands.js';
import { exportSubmissionsFile } from './export-file.js';
import { submissionsRoutes } from './routes.js';
import { SUBMISSION_FIELDS } from './sealed-fields.js';
import { createSubmissionsService } from './submissions-service.js';

export const submissionsModule = defineModule({
  name: 'submissions',
  services: (ctx) => createSubmissionsService({ db: ctx.db, secrets: ctx.secrets, keyring: ctx.keyring, forms: ctx.campaignForms, limiter: ctx.limiter }),
  routes: (submissions) => [{ prefix: '/api/v1', plugin: submissionsRoutes(submissions) }],
  sealedColumns: [SUBMISSION_FIELDS],
  commands: {
    'submissions export': {
      kind: 'caller',
      usage: `submissions export --site SITE [--campaign C] --out F   write the site's submissions (or one campaign's) as CSV: submission_id,
                                                campaign_id,form_id,created_at,consent_granted,consent_text_sha256, then the
                                                forms' fields in order; F is written here, relative to this directory`,
      options: { site: { type: 'string' }, campaign: { type: 'string' }, out: { type: 'string' } },
      run: (execute, o) => exportSubmissionsFile(execute, { siteId: str(o, 'site')!, campaignId: str(o, 'campaign', false), out: str(o, 'out')! }),
    },
  },
  internalCommands: exportCommands,
});
