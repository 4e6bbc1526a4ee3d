// Merchant routes of sites and members (CONTRACT §1). Members read, owners change.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { SiteParams, Timestamp } from '../../http/common-schemas.js';
import { merchantActor } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { siteSchemas, type SitesService } from '../../kernel/index.js';

const { AddMemberBody, CreateSiteBody, Member, Site, UpdateSiteBody } = siteSchemas;

const tags = ['sites'];
const merchant = { auth: { merchant: true } } as const;
const memberOfSite = { ...merchant, siteAccess: { role: 'member', site: siteInParams } } as const;
const ownerOfSite = { ...merchant, siteAccess: { role: 'owner', site: siteInParams } } as const;

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export const sitesRoutes = (sites: SitesService): FastifyPluginAsyncTypebox => async (app) => {
  siteRoutes(app, sites);
  memberRoutes(app, sites);
};

/** A merchant's sites: list, create, read (members), change (owners). */
function siteRoutes(app: App, sites: SitesService): void {
  app.get('/sites', {
    config: merchant,
    schema: {
      operationId: 'listSites',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor). Any signed-in merchant user, who sees only the sites they belong to.',
      tags,
      summary: 'List the sites the caller is a member of, newest first',
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(Site) }, [401]),
    },
  }, async (request) => page(request, await sites.listSites(merchantActor(request).userId, pageRequestOf(request.query))));

  app.post('/sites', {
    config: merchant,
    schema: {
      operationId: 'createSite',
      description: 'Creates the site with its origins, publisher mode and configuration; the caller becomes its owner. The public site id (`site_…`) is what storefront pages use. A user is a member of at most LIMIT_SITES_PER_USER live sites (default 100; archived ones do not count): past it, 422 limit_reached, its message naming the number.',
      tags,
      summary: 'Create a site; the caller becomes its owner',
      body: CreateSiteBody,
      response: responses({ 201: Envelope(Site) }, [401, 422]),
    },
  }, async (request, reply) => {
    const actor = merchantActor(request);
    const { owner: _owner, ...site } = await sites.createSite({
      name: request.body.name,
      origins: request.body.origins,
      publisherMode: request.body.publisher_mode,
      owner: actor.userId,
    });
    return reply.code(201).send(ok(request, site));
  });

  app.get('/sites/:siteId', {
    config: memberOfSite,
    schema: {
      operationId: 'getSite',
      description: 'The site’s name, origins, publisher mode and configuration. Members of the site.',
      tags,
      summary: 'Read a site (members)',
      params: SiteParams,
      response: responses({ 200: Envelope(Site) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, await sites.getSite(merchantActor(request), request.params.siteId)));

  app.patch('/sites/:siteId', {
    config: ownerOfSite,
    schema: {
      operationId: 'updateSite',
      description: 'Changes only the fields sent; the configuration is validated before anything is stored. Owners of the site.',
      tags,
      summary: 'Change name, origins, publisher mode or configuration (owners)',
      params: SiteParams,
      body: UpdateSiteBody,
      response: responses({ 200: Envelope(Site) }, [401, 403, 404]),
    },
  }, async (request) => {
    const { owner: _owner, ...site } = await sites.updateSite(merchantActor(request), request.params.siteId, {
      name: request.body.name,
      origins: request.body.origins,
      publisherMode: request.body.publisher_mode,
      config: request.body.config,
    });
    return ok(request, site);
  });

  app.delete('/sites/:siteId', {
    config: ownerOfSite,
    schema: {
      operationId: 'archiveSite',
      tags,
      summary: 'Archive a site (owners): its keys, runtime tokens, resources and public media are gone from then on',
      description: 'Archiving is final. The site disappears from every list and read (404), its API keys and runtime tokens are refused (401), and its public media answer 404; its rows stay in the database.',
      params: SiteParams,
      response: responses({ 200: Envelope(Type.Object({ site_id: Type.String(), archived_at: Timestamp })) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, await sites.archiveSite(merchantActor(request), request.params.siteId)));
}

/** A site's members (owners): list, add or change a role. */
function memberRoutes(app: App, sites: SitesService): void {
  app.get('/sites/:siteId/members', {
    config: ownerOfSite,
    schema: {
      operationId: 'listMembers',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor). Owners of the site.',
      tags,
      summary: 'List members, newest first (owners)',
      params: SiteParams,
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(Member) }, [401, 403, 404]),
    },
  }, async (request) =>
    page(request, await sites.listMembers(merchantActor(request), request.params.siteId, pageRequestOf(request.query))));

  app.post('/sites/:siteId/members', {
    config: ownerOfSite,
    schema: {
      operationId: 'putMember',
      description: 'Adds the user with the role, or changes an existing member’s role; a site always keeps at least one owner (422 last_owner). A new member must fit LIMIT_MEMBERS_PER_SITE (default 500, owners included) and the user’s LIMIT_SITES_PER_USER (default 100 live sites): past either, 422 limit_reached, its message naming the number; a role change counts toward neither.',
      tags,
      summary: 'Add a member or change a role (owners); 201 when added, 200 when changed',
      params: SiteParams,
      body: AddMemberBody,
      response: responses({ 200: Envelope(Member), 201: Envelope(Member) }, [401, 403, 404, 422]),
    },
  }, async (request, reply) => {
    const { created, ...member } = await sites.addMember(
      merchantActor(request),
      request.params.siteId,
      request.body.user,
      request.body.role ?? 'member',
    );
    return reply.code(created ? 201 : 200).send(ok(request, member));
  });
}
