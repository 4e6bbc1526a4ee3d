// Catalog routes (CONTRACT §8) under /sites/{siteId}: a member's ID token or a secret key of the
// site with catalog:write. One product by its id (percent-encoded in the path): PUT, GET, DELETE
// (archive); the list with search and filters; bulk upserts of up to 500 products, each alone.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, page, pageRequestOf } from '../../http/pagination.js';
import { principalOf } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { bodyBy } from '../../http/validation.js';
import type { CatalogCaller } from './catalog-caller.js';
import { toArchivedView, toProductView } from './product-view.js';
import type { ProductsService } from './products-service.js';
import {
  ArchivedProduct,
  BULK_BODY_LIMIT,
  BulkBody,
  BulkProducts,
  BulkResult,
  ListQuery,
  Product,
  ProductBody,
  ProductParams,
  PutBody,
  SiteParams,
} from './schemas.js';
import { toBulkResult } from './bulk-result.js';

const tags = ['catalog'];
const auth = { merchant: true, apiKey: { scopes: ['catalog:write' as const] } };
/** Routes to the site's catalog: members, or a key of the site (403 for a key of another site, as every site route). */
const ofSite = { auth, siteAccess: { role: 'member' as const, site: siteInParams } };
/** Routes to one product: to a non-member or another site's key it does not exist (404, the body of an unknown id). */
const ofProduct = { auth, siteAccess: { role: 'member' as const, site: siteInParams, resource: 'Product' } };

/** The caller: a member (ID token) or a key of the site (catalog:write). */
function callerOf(request: FastifyRequest): CatalogCaller {
  const p = principalOf(request, 'merchant', 'apiKey');
  return p.kind === 'merchant' ? { kind: 'user', userId: p.userId } : { kind: 'apiKey', siteId: p.siteId };
}

export const catalogRoutes = (products: ProductsService): FastifyPluginAsyncTypebox => async (app) => {
  app.put('/sites/:siteId/products/:productId', {
    config: ofProduct,
    validatorCompiler: bodyBy(PutBody),
    schema: {
      operationId: 'putProduct',
      tags,
      summary: 'Create (201) or replace (200) a product',
      description:
        'Fields left out are gone after the write. An identical write, or one whose updated_at is older than the stored version, answers 200 and changes nothing; a write of an archived product revives it (201). product_id, when given, must equal the path’s (400). 422 invalid_sale_price: a sale price above the price or in another currency; 422 unknown_media: an image_media_id the site does not have.',
      params: ProductParams,
      body: ProductBody,
      response: responses({ 200: Envelope(Product), 201: Envelope(Product) }, [401, 403, 404, 422]),
    },
  }, async (request, reply) => {
    const { siteId, productId } = request.params;
    const { status, product } = await products.put(callerOf(request), siteId, productId, PutBody.of(request.body));
    return reply.code(status === 'created' ? 201 : 200).send(ok(request, toProductView(product)));
  });

  app.get('/sites/:siteId/products/:productId', {
    config: ofProduct,
    schema: {
      operationId: 'getProduct',
      description: 'The product as last written. An archived product, or another site’s, is 404.',
      tags, summary: 'A product (archived: 404)', params: ProductParams, response: responses({ 200: Envelope(Product) }, [401, 403, 404]) },
  }, async (request) => ok(request, toProductView(await products.get(callerOf(request), request.params.siteId, request.params.productId))));

  app.delete('/sites/:siteId/products/:productId', {
    config: ofProduct,
    schema: {
      operationId: 'archiveProduct',
      tags,
      summary: 'Archive a product: 200 with the product as it was; then 404 in reads, never recommended',
      description: 'Events that name it stay valid; a later PUT or bulk write revives it (created).',
      params: ProductParams,
      response: responses({ 200: Envelope(ArchivedProduct) }, [401, 403, 404]),
    },
  }, async (request) => ok(request, toArchivedView(await products.archive(callerOf(request), request.params.siteId, request.params.productId))));

  app.get('/sites/:siteId/products', {
    config: ofSite,
    schema: {
      operationId: 'listProducts',
      tags,
      summary: 'The site’s products, newest first (by creation, then id), with search and filters',
      description: 'A cursor continues the list it came from: the same filters (another filter set refuses it, 400 at /cursor). A replaced product keeps its place.',
      params: SiteParams,
      querystring: ListQuery,
      response: responses({ 200: Page(Product) }, [401, 403, 404]),
    },
  }, async (request) => {
    const { q, category, availability } = request.query;
    const result = await products.list(callerOf(request), request.params.siteId, { q, category, availability }, pageRequestOf(request.query));
    return page(request, { items: result.items.map(toProductView), nextCursor: result.nextCursor });
  });

  app.post('/sites/:siteId/products/bulk', {
    config: ofSite,
    bodyLimit: BULK_BODY_LIMIT,
    validatorCompiler: bodyBy(BulkProducts),
    schema: {
      operationId: 'putProducts',
      tags,
      summary: 'Create or replace 1–500 products, each alone: 201 when all succeed, 207 when any fails (the others are stored)',
      description:
        'Each result: { index, product_id, status: created | updated | unchanged | error, error? }. A product whose updated_at is older than the stored version is unchanged (a late sync never overwrites newer data). At most 5 MiB (413).',
      params: SiteParams,
      body: BulkBody,
      response: responses({ 201: Envelope(BulkResult), 207: Envelope(BulkResult) }, [401, 403, 404, 413]),
    },
  }, async (request, reply) => {
    const items = BulkProducts.of(request.body);
    const outcomes = await products.write(callerOf(request), request.params.siteId, items);
    const result = toBulkResult(items.map((i) => i.sent), outcomes);
    return reply.code(result.failed > 0 ? 207 : 201).send(ok(request, result));
  });
};
