// Publisher-mode routes (CONTRACT §6): observed clicks from the browser, network reports from a
// trusted server, analytics for owners.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { enforceBody } from '../../http/validation.js';
import { merchantActor, principalOf } from '../../http/principals.js';
import { consentSignalsOf } from '../../http/consent-signals.js';
import { siteInQuery } from '../../http/site-access.js';
import { Analytics, AnalyticsQuery, ClickBody, ClickResult, REPORT_ITEMS, ReportsBody, ReportsResult } from './schemas.js';
import type { PublisherAnalyticsService } from './analytics-service.js';
import type { ClicksService } from './clicks-service.js';
import type { ReportsService } from './reports-service.js';

const tags = ['publisher'];

export const publisherRoutes = ({ clicks, reports, analytics: publisherAnalytics }: { clicks: ClicksService; reports: ReportsService; analytics: PublisherAnalyticsService }): FastifyPluginAsyncTypebox => async (app) => {

  app.post('/publisher/clicks', {
    config: { auth: { runtime: true }, browser: true, beacon: { credentialField: 'runtime_token' } },
    schema: {
      operationId: 'recordClick',
      tags,
      summary: 'Record a click on a decorated publisher link: 201 new, 200 identical replay, 409 changed',
      description: 'The site must be in publisher mode (403 publisher_mode_inactive), the visitor must have marketing consent under the site’s consent policy (`consent`: what the page had in force; without it 403 consent_required, nothing stored) and the destination host on the provider’s allowlist (422). The reference is stored only as a keyed hash and ciphertext; the destination keeps host and path.',
      body: ClickBody,
      response: responses({ 200: Envelope(ClickResult), 201: Envelope(ClickResult) }, [401, 403, 409, 422]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'runtime');
    const { runtime_token: _credential, consent, ...click } = request.body;
    const { created } = await clicks.recordClick(principal.siteId, click, consentSignalsOf(request, consent));
    return reply.code(created ? 201 : 200).send(ok(request, { click_id: click.click_id, status: created ? ('created' as const) : ('unchanged' as const) }));
  });

  app.post('/publisher/reports', {
    config: { auth: { apiKey: { scopes: ['publisher_reports:write'] } } },
    // Each record is validated alone (the string rule included), so one bad record fails alone.
    validatorCompiler: enforceBody(ReportsBody, { items: REPORT_ITEMS }),
    schema: {
      operationId: 'importReport',
      tags,
      summary: 'Import network report records: 201 when all succeed, 207 when any fails (the good ones stored)',
      description: 'Each record is read alone from its format and upserted by (provider, transaction id): a newer version (by date, then status rank) applies, an older one is unchanged; the status history is kept. CJ corrections join their original’s order. Formats: canonical, awin (transaction list), cj (Commission Detail GraphQL, records or the whole response document); see docs/publisher-report-formats.md. An unknown format, currency or time zone, a document without records, or an empty one: 400.',
      body: ReportsBody,
      response: responses({ 201: Envelope(ReportsResult), 207: Envelope(ReportsResult) }, [400, 401, 403]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'apiKey');
    const summary = await reports.importReport(principal.siteId, request.body);
    return reply.code(summary.failed > 0 ? 207 : 201).send(ok(request, summary));
  });

  app.get('/analytics/publishers', {
    config: { auth: { merchant: true }, siteAccess: { role: 'owner', site: siteInQuery } },
    schema: {
      operationId: 'getPublisherAnalytics',
      description: 'Clicks, orders, revenue and commission per publisher and network over a period, in the site’s time zone. Owners of an active publisher-mode site.',
      tags,
      summary: 'Publisher analytics for an owner of an active publisher-mode site',
      querystring: AnalyticsQuery,
      response: responses({ 200: Envelope(Analytics) }, [401, 403, 404]),
    },
  }, async (request) => {
    const { website_id, ...query } = request.query;
    return ok(request, await publisherAnalytics.analytics(merchantActor(request), website_id, query));
  });
};
