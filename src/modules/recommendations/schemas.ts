// The recommendation route's schemas: the query and the answer (CONTRACT §10).
import { Type } from 'typebox';
import { CONSENT_SOURCES } from '../../kernel/index.js';
import { RECOMMENDATION_ID_PATTERN } from './recommendation.js';

export const RecommendationQuery = Type.Object({
  campaign_id: Type.String({ pattern: '^cmp_[A-Za-z0-9]{4,64}$', description: 'A live recommendation campaign of the site (404 otherwise)' }),
  product_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._:/-]{1,128}$', description: 'The product the slot is next to (required for similar); never recommended itself' })),
  session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, description: 'Wins over the campaign’s content.limit' })),
  consent: Type.Optional(Type.String({
    pattern: '^(none|analytics|marketing|analytics,marketing|marketing,analytics)$',
    description: 'The categories the page has consent for (`analytics,marketing`, `marketing`, `analytics` or `none`); absent: the page sent nothing. A personalized campaign needs marketing under the site’s consent policy (else 403 consent_required)',
  })),
  consent_source: Type.Optional(Type.Enum([...CONSENT_SOURCES], { description: 'Where `consent` came from (default: default); under opt_in only banner or api grants' })),
});

export const RecommendationAnswer = Type.Object(
  {
    recommendation_id: Type.String({ pattern: RECOMMENDATION_ID_PATTERN, description: 'Name it in recommendation_impression and recommendation_click events' }),
    campaign_id: Type.String(),
    strategy: Type.Enum(['similar', 'frequently_bought_together', 'personalized', 'popular'] as const, { description: 'What served the first item' }),
    items: Type.Array(
      Type.Object({
        product_id: Type.String(),
        title: Type.String(),
        url: Type.String(),
        image_url: Type.Union([Type.String(), Type.Null()]),
        price: Type.Object({ amount: Type.Number({ description: 'With the currency’s decimals' }), currency: Type.String() }),
        position: Type.Integer({ minimum: 1 }),
      }),
    ),
  },
  { description: 'Recommended products in order, stored under recommendation_id' },
);
