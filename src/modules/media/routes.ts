// Media routes (CONTRACT §8): the library of a site for its members and its commerce backend (a key
// with catalog:write), and the public route that serves an item's bytes to anyone (storefront pages
// on any origin embed them). Uploads are multipart/form-data, streamed: only these routes parse it.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import multipart from '@fastify/multipart';
import { Type, type TSchema } from 'typebox';
import { Envelope, ok, responses } from '../../http/envelope.js';
import { Page, PageQuery, page, pageRequestOf } from '../../http/pagination.js';
import { SiteParams } from '../../http/common-schemas.js';
import { principalOf } from '../../http/principals.js';
import { siteInParams } from '../../http/site-access.js';
import { schemaBoundary } from '../../http/validation.js';
import { SYSTEM, type Actor } from '../../kernel/index.js';
import { BROWSER_ROUTE_HELMET } from '../../plugins/security-headers.js';
import { ifNoneMatchHits } from '../../http/conditional.js';
import { entityTag } from './etag.js';
import { FILE_EXTENSIONS } from './media.js';
import type { MediaService } from './media-service.js';
import { toMediaView } from './media-view.js';
import { notMultipart, openMultipartUpload } from './multipart-upload.js';
import { DeletedMedia, ImageBytes, MediaItem, MediaParams, NotModified, PublicMediaParams, UploadBody } from './schemas.js';

const tags = ['media'];
const libraryAccess: FastifyContextConfig = {
  auth: { merchant: true, apiKey: { scopes: ['catalog:write'] } },
  siteAccess: { role: 'member', site: siteInParams },
};

/** An item's bytes never change: cached for a year anywhere, and never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The upload's body is the multipart stream the handler reads; its other parts pass the schema boundary. */
const multipartBody: FastifySchemaCompiler<TSchema> = (route) => (route.httpPart === 'body' ? (value: unknown) => ({ value }) : schemaBoundary(route));

/** A member acts as themself; a key with catalog:write acts for its site (site access checked that the site is its own). */
function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request, 'merchant', 'apiKey');
  return principal.kind === 'merchant' ? { kind: 'user', userId: principal.userId } : SYSTEM;
}

export interface MediaRouteOptions {
  /** PUBLIC_BASE_URL; undefined: each request's own origin. */
  publicBaseUrl: string | undefined;
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export const mediaRoutes = (media: MediaService, options: MediaRouteOptions): FastifyPluginAsyncTypebox => async (app) => {
  // The upload takes multipart/form-data and nothing else. A body of a type the app reads (JSON) is
  // read as anywhere else, the credentials checked, then refused by the handler (415); a body of a
  // type nobody reads is 415 as it is parsed, as anywhere else, but saying what to send here.
  app.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart()));
  await app.register(multipart, { throwFileSizeLimit: false });
  const baseUrl = (request: FastifyRequest) => options.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  uploadRoute(app, media, baseUrl);
  libraryRoutes(app, media, baseUrl);
  publicRoute(app, media);
};

function uploadRoute(app: App, media: MediaService, baseUrl: (request: FastifyRequest) => string): void {
  app.post('/sites/:siteId/media', {
    config: libraryAccess,
    validatorCompiler: multipartBody,
    schema: {
      operationId: 'uploadMedia',
      tags,
      summary: 'Upload an image (multipart/form-data, one part named file): 201 new, 200 when the site has these bytes already',
      description:
        'The bytes are streamed into the database in chunks. The type is sniffed from them: JPEG, PNG, WebP, GIF or AVIF, anything else (SVG, HTML, a script named .png) 415; the dimensions are read from the header and from every frame (a GIF’s frames may enlarge its canvas and are stored at that size; an APNG’s or animated WebP’s frames must fit inside theirs): over 50 megapixels 422 image_too_large; a frame outside an APNG’s or WebP’s canvas 400 at /file (malformed_image); a file cut short (or whose container sizes do not add up) 400 at /file; larger than MEDIA_MAX_BYTES 413; empty 400 at /file. Text fields beside the file are ignored; a second file is 400. The same bytes again on the same site answer 200 with the same media_id. A new item must fit the site’s limits, LIMIT_MEDIA_ITEMS_PER_SITE items (default 10000) and LIMIT_MEDIA_BYTES_PER_SITE bytes with this one’s (default 10 GiB): past either, 422 limit_reached, its message naming the number (a repeated upload answered 200 adds nothing and is never refused; deleting items frees room).',
      consumes: ['multipart/form-data'],
      params: SiteParams,
      body: UploadBody,
      response: responses({ 201: Envelope(MediaItem), 200: Envelope(MediaItem) }, [401, 403, 404, 409, 413, 422]),
    },
  }, async (request, reply) => {
    try {
      const source = await openMultipartUpload(request, media.maxBytes);
      const { media: item, created } = await media.upload(actorOf(request), request.params.siteId, source);
      return reply.code(created ? 201 : 200).send(ok(request, toMediaView(item, baseUrl(request))));
    } catch (err) {
      // Refused before the whole body was read: answer, then close rather than read the rest.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw err;
    }
  });
}

function libraryRoutes(app: App, media: MediaService, baseUrl: (request: FastifyRequest) => string): void {
  app.get('/sites/:siteId/media', {
    config: libraryAccess,
    schema: {
      operationId: 'listMedia',
      description: 'Cursor-paged (limit, cursor; meta.next_cursor), with the public URL of each item’s bytes.',
      tags,
      summary: 'The site’s media, newest first',
      params: SiteParams,
      querystring: Type.Object(PageQuery),
      response: responses({ 200: Page(MediaItem) }, [401, 403, 404]),
    },
  }, async (request) => {
    const result = await media.list(actorOf(request), request.params.siteId, pageRequestOf(request.query));
    const base = baseUrl(request);
    return page(request, { items: result.items.map((m) => toMediaView(m, base)), nextCursor: result.nextCursor });
  });

  app.get('/sites/:siteId/media/:mediaId', {
    config: libraryAccess,
    schema: {
      operationId: 'getMedia',
      description: 'The item’s metadata and the public URL of its bytes. Members of the site.',
      tags, summary: 'One media item (another site’s is 404)', params: MediaParams, response: responses({ 200: Envelope(MediaItem) }, [401, 403, 404]) },
  }, async (request) => {
    const item = await media.get(actorOf(request), request.params.siteId, request.params.mediaId);
    return ok(request, toMediaView(item, baseUrl(request)));
  });

  app.delete('/sites/:siteId/media/:mediaId', {
    config: libraryAccess,
    schema: {
      operationId: 'deleteMedia',
      description: 'The bytes are deleted with the item; its public URL answers 404 from then on.',
      tags,
      summary: 'Delete a media item and its bytes; 409 media_in_use while a product or a campaign uses it',
      params: MediaParams,
      response: responses({ 200: Envelope(DeletedMedia) }, [401, 403, 404, 409]),
    },
  }, async (request) => {
    const item = await media.delete(actorOf(request), request.params.siteId, request.params.mediaId);
    return ok(request, { media_id: item.mediaId, deleted: true as const });
  });
}

function publicRoute(app: App, media: MediaService): void {
  app.get('/public/media/:mediaId', {
    // Storefront pages on other origins embed these images (and may read them: CORS for any origin).
    config: { auth: 'public', helmet: BROWSER_ROUTE_HELMET },
    schema: {
      operationId: 'getMediaBytes',
      tags,
      summary: 'The bytes of a media item (no credential)',
      description:
        'The exact bytes uploaded, with the sniffed Content-Type, Content-Length, ETag "<sha256>", Cache-Control: public, max-age=31536000, immutable, X-Content-Type-Options: nosniff and Content-Disposition: inline; 304 on a matching If-None-Match. An unknown item, or one whose site is gone or archived, is 404. HEAD answers the headers alone.',
      params: PublicMediaParams,
      response: { ...responses({}, [404]), 200: ImageBytes, 304: NotModified },
    },
  }, async (request, reply) => {
    const item = await media.findPublic(request.params.mediaId);
    const etag = entityTag(item.sha256);
    reply.headers({ etag, 'cache-control': IMMUTABLE, 'access-control-allow-origin': '*' });
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.headers({
      'content-type': item.contentType,
      'content-length': String(item.bytes),
      'content-disposition': `inline; filename="${item.mediaId}.${FILE_EXTENSIONS[item.contentType]}"`,
    });
    // HEAD: the headers alone (an empty stream keeps the Content-Length; no chunk is read).
    return reply.send(request.method === 'HEAD' ? Readable.from([]) : Readable.from(media.bytesOf(item), { objectMode: false }));
  });
}
