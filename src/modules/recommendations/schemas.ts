// The recommendation route's schemas: the query and the answer (CONTRACT §10).
import { Type } from 'typebox';
import { RECOMMENDATION_ID_PATTERN } from './recommendation.js';

export const RecommendationQuery = Type.Object({
  campaign_id: Type.String({ pattern: '^cmp_[A-Za-z0-9]{4,64}$', description: 'A live recommendation campaign of the site (404 otherwise)' }),
  product_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._:/-]{1,128}$', description: 'The product the slot is next to (required for similar); never recommended itself' })),
  session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, description: 'Wins over the campaign’s content.limit' })),
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
