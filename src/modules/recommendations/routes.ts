// GET /recommendations (CONTRACT §10): a browser's runtime token, or a secret key with events:write
// for server rendering; the site is the credential's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currencyDigits, fromMinorUnits } from '../../domain/money.js';
import { responses, sendEnvelopeText, TextEnvelope } from '../../http/envelope.js';
import { principalOf } from '../../http/principals.js';
import { consentSignalsOf } from '../../http/consent-signals.js';
import type { SentConsent } from '../../kernel/index.js';
import type { MediaLibrary } from '../../kernel/index.js';
import type { Answer } from './recommendation.js';
import type { RecommendationsService } from './recommendations-service.js';
import { RecommendationAnswer, RecommendationQuery } from './schemas.js';

/** Each currency's decimals, looked up once (every item of every answer has a price). */
const DIGITS = new Map<string, number>();
const digitsOf = (currency: string): number => {
  let digits = DIGITS.get(currency);
  if (digits === undefined) DIGITS.set(currency, (digits = currencyDigits(currency) ?? 2));
  return digits;
};

type ImageUrl = (image: Answer['items'][number]['image']) => string | null;

const itemsView = (items: Answer['items'], imageUrl: ImageUrl) =>
  items.map((p, i) => ({
    product_id: p.productId,
    title: p.title,
    url: p.url,
    image_url: imageUrl(p.image),
    price: { amount: fromMinorUnits(p.price.amount, digitsOf(p.price.currency)), currency: p.price.currency },
    position: i + 1,
  }));

/**
 * The items' view as JSON, made once per items array and base URL: answers served from the memo
 * share their items (answer-memo.ts), and so their view's JSON (never changed once made). Each
 * answer is its own id around it: the envelope goes out as text, not serialized again per request
 * (1,800 bytes for a slot of 8).
 */
const ITEMS_JSON = new WeakMap<Answer['items'], { base: string; json: string }>();

const answerJson = (a: Answer, base: string, imageUrl: ImageUrl): string => {
  let kept = ITEMS_JSON.get(a.items);
  if (kept?.base !== base) ITEMS_JSON.set(a.items, (kept = { base, json: JSON.stringify(itemsView(a.items, imageUrl)) }));
  return `{"recommendation_id":${JSON.stringify(a.recommendationId)},"campaign_id":${JSON.stringify(a.campaignId)},"strategy":${JSON.stringify(a.strategy)},"items":${kept.json}}`;
};

/** The query's consent as the object events carry: the categories listed are granted. */
const sentConsentOf = (categories: string | undefined, source: SentConsent['source'] = 'default'): SentConsent | undefined => {
  if (categories === undefined) return undefined;
  const granted = new Set(categories.split(','));
  return { analytics: granted.has('analytics'), marketing: granted.has('marketing'), source };
};

export const recommendationRoutes = (recommendations: RecommendationsService, media: MediaLibrary, publicBaseUrl: string | undefined): FastifyPluginAsyncTypebox => async (app) => {
  const baseUrl = (request: FastifyRequest) => publicBaseUrl ?? `${request.protocol}://${request.host}`;
  // Answers are stored behind the response (answer-writer.ts): closing the app waits for them.
  recommendations.reportLostAnswersTo((count, err) => app.log.error({ err, count }, 'recommendation answers not stored'));
  app.addHook('onClose', async () => {
    await recommendations.drainAnswers();
  });
  app.get('/recommendations', {
    config: { auth: { runtime: true, apiKey: { scopes: ['events:write'] } }, browser: true },
    schema: {
      operationId: 'getRecommendations',
      tags: ['recommendations'],
      summary: 'Products to show in a recommendation campaign’s slot',
      description:
        'The campaign’s strategy: `similar` (the anchor’s neighbours by co-occurrence in sessions), `frequently_bought_together` (in server-trusted orders with the anchor, or with what the session carted), `personalized` (neighbours of the session’s recent views) or `popular` (weighted views, carts and purchases of the last 7 days). Popular products fill what a strategy lacks, the anchor’s categories first; `strategy` names what served the first item. Never the anchor product, archived or (unless the campaign says otherwise) out-of-stock products, nor another site’s. 404: no live recommendation campaign of the site by that id. 400 at /product_id: a similar campaign without product_id. A personalized campaign asked with a runtime token needs marketing consent under the site’s consent policy (`consent`, `consent_source`, and `Sec-GPC: 1` under opt_out with honor_gpc): without it 403 consent_required and nothing is stored; a secret key is not gated.',
      querystring: RecommendationQuery,
      response: responses({ 200: TextEnvelope(RecommendationAnswer) }, [401, 403, 404, 429]),
    },
  }, async (request, reply) => {
    const principal = principalOf(request, 'runtime', 'apiKey');
    const q = request.query;
    const consent = principal.kind === 'runtime' ? consentSignalsOf(request, sentConsentOf(q.consent, q.consent_source)) : undefined;
    const answer = await recommendations.recommend({
      siteId: principal.siteId,
      campaignId: q.campaign_id,
      productId: q.product_id,
      sessionId: q.session_id,
      limit: q.limit,
      ...(consent ? { consent } : {}),
    });
    const base = baseUrl(request);
    reply.header('cache-control', 'no-store');
    return sendEnvelopeText(request, reply, answerJson(answer, base, (image) => (image === null ? null : 'url' in image ? image.url : media.publicUrl(base, image.mediaId))));
  });
};
