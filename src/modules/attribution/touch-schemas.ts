// Request and response shapes of touches (CONTRACT §4); the rules beyond them are touch-rules.ts's.
import { Type } from 'typebox';
import { NonEmpty } from '../../http/common-schemas.js';
import { MAX_TOUCHES_PER_REQUEST, siteSchemas } from '../../kernel/index.js';
import { component } from '../../http/openapi-components.js';

const PROVENANCES = ['browser_sdk', 'native_sdk', 'custom_runtime'] as const;

export const Touch = Type.Object({
  schema_version: Type.Literal(1),
  touch_id: NonEmpty(128, { description: 'Your id of the touch; reused with different content it is a conflict' }),
  provider: Type.Enum(['awin', 'cj']),
  direction: Type.Literal('inbound'),
  provider_click_id: Type.String({
    minLength: 1,
    maxLength: 256,
    description: 'The raw click id (awin: URL parameter awc, ^\\d+_\\d+_[A-Za-z0-9]+$; cj: cjevent, ^[A-Za-z0-9_-]{1,128}$). Encrypted before storage, never returned.',
  }),
  occurred_at: Type.String({ format: 'date-time' }),
  provenance: Type.Enum([...PROVENANCES]),
  partner_id: Type.Optional(NonEmpty(128)),
  landing_path: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, pattern: '^/[^?#\\s]*$', description: 'A path: no scheme, host, query or fragment' })),
  session_id: Type.Optional(NonEmpty(256)),
});

export const TouchesBody = component('TouchesBody', Type.Object({
  touches: Type.Array(Touch, { minItems: 1, maxItems: MAX_TOUCHES_PER_REQUEST }),
  runtime_token: Type.Optional(Type.String({ description: 'Beacon form only (text/plain body, no credential header)' })),
  consent: Type.Optional(siteSchemas.SentConsentSchema),
}));

export const TouchesResult = Type.Object({
  results: Type.Array(Type.Object({ touch_id: Type.String(), status: Type.Enum(['created', 'unchanged']) })),
});
