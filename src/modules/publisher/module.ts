// Publisher mode (CONTRACT §6): observed clicks on decorated links, network reports imported as the
// networks export them (over HTTP, or from a file with `storefront publisher import`), analytics.
import { str } from '../../cli/command.js';
import { defineModule } from '../module.js';
import { createPublisherAnalyticsService } from './analytics-service.js';
import { createClicksService } from './clicks-service.js';
import { IMPORT_RECORDS_COMMAND, importRecordsCommand, importReportFile, importSettings } from './import-report-file.js';
import { createReportsService } from './reports-service.js';
import { publisherRoutes } from './routes.js';
import { PUBLISHER_REFERENCES } from './sealed-references.js';

export const publisherModule = defineModule({
  name: 'publisher',
  services: (ctx) => ({
    clicks: createClicksService({ db: ctx.db, keyring: ctx.keyring, sites: ctx.kernel.siteDirectory }),
    reports: createReportsService({ db: ctx.db, keyring: ctx.keyring, triggers: ctx.workflowTriggers }),
    analytics: createPublisherAnalyticsService(ctx.db),
  }),
  routes: (services) => [{ prefix: '/api/v1', plugin: publisherRoutes(services) }],
  sealedColumns: PUBLISHER_REFERENCES,
  reportImports: ({ reports }) => ({ importReport: (siteId, report) => reports.importReport(siteId, report) }),
  commands: {
    'publisher import': {
      kind: 'caller',
      usage: `publisher import --site SITE --provider awin|cj --file F [--format canonical|awin|cj] [--currency EUR] [--timezone Europe/Paris]
                                                import a network report (JSON array, object or JSON Lines);
                                                F is read here, relative to this directory, and its records are sent`,
      options: {
        site: { type: 'string' },
        provider: { type: 'string' },
        file: { type: 'string' },
        format: { type: 'string' },
        currency: { type: 'string' },
        timezone: { type: 'string' },
      },
      async run(execute, o) {
        const siteId = str(o, 'site')!;
        const provider = str(o, 'provider')!;
        const file = str(o, 'file')!;
        const settings = importSettings({ provider, format: str(o, 'format', false), currency: str(o, 'currency', false), timezone: str(o, 'timezone', false) });
        return importReportFile(execute, { siteId, file, ...settings, progress: process.stderr.isTTY === true });
      },
    },
  },
  internalCommands: { [IMPORT_RECORDS_COMMAND]: ({ reports }, input) => importRecordsCommand(reports, input) },
});
