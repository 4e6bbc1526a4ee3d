// The consent routes' schemas (CONTRACT §13): what Fastify validates and the OpenAPI document says.
// The schema is the whole validation of a decision: both choices booleans, a known source, a policy
// version of 1–64 characters without control characters.
import { Type } from 'typebox';
import { Timestamp } from '../../http/common-schemas.js';
import { component } from '../../http/openapi-components.js';
import { PageQuery } from '../../http/pagination.js';
import { CONSENT_ID_PATTERN, CONSENT_SOURCES, POLICY_VERSION_MAX_LENGTH, POLICY_VERSION_PATTERN } from './consent-record.js';

export const ConsentId = Type.String({ pattern: CONSENT_ID_PATTERN, description: 'Consent record id (`cns_…`)', examples: ['cns_7Hn2Qw9ZrT4bKx1VmP3s'] });
const DeviceId = (description: string) => Type.String({ minLength: 1, maxLength: 256, description });

const Choices = Type.Object(
  {
    analytics: Type.Boolean({ description: 'Analytics storage: the device id, the persistent session, the user id, campaign frequency counts' }),
    marketing: Type.Boolean({ description: 'Marketing storage: affiliate touches and their cookie, publisher click references, personalized recommendations' }),
  },
  { description: 'The decision: each category granted (true) or denied (false)' },
);

const Source = Type.Enum([...CONSENT_SOURCES], {
  description: 'Where the decision came from: `default` (the site’s policy, nothing decided yet), `banner` (the visitor, on a banner or CMP), `gpc` (the browser’s Global Privacy Control), `api` (the merchant’s code)',
});

const PolicyVersion = Type.String({
  minLength: 1,
  maxLength: POLICY_VERSION_MAX_LENGTH,
  pattern: POLICY_VERSION_PATTERN,
  description: 'The version of the consent policy the visitor was shown (1–64 characters, no control characters)',
});

export const ConsentBody = component('ConsentBody', Type.Object(
  {
    session_id: Type.String({ minLength: 1, maxLength: 256, description: 'The visitor’s session id (the one the events carry)' }),
    device_id: Type.Optional(DeviceId('The visitor’s device id, when the SDK keeps one')),
    choices: Choices,
    source: Source,
    policy_version: Type.Optional(PolicyVersion),
    runtime_token: Type.Optional(Type.String({ description: 'Beacon form only (text/plain body, no credential header)' })),
  },
  {
    description: 'A visitor’s consent decision, as the page had it in force',
    examples: [{ session_id: 'sess-5c1d7e', device_id: 'dev-9a2b4c', choices: { analytics: true, marketing: false }, source: 'banner', policy_version: '2026-11' }],
  },
));

export const ConsentRecorded = Type.Object({ consent_id: ConsentId });

export const ConsentRecordView = component('ConsentRecord', Type.Object(
  {
    consent_id: ConsentId,
    session_id: Type.Union([Type.String(), Type.Null()], { description: 'The session id sent with the decision (null once the visitor’s data is erased)' }),
    device_id: Type.Union([Type.String(), Type.Null()], { description: 'The device id sent with the decision; null when none was sent, or once erased' }),
    choices: Type.Object({ analytics: Type.Boolean(), marketing: Type.Boolean() }),
    source: Type.Enum([...CONSENT_SOURCES]),
    policy_version: Type.Union([Type.String(), Type.Null()], { description: 'null when none was sent' }),
    origin: Type.String({ description: 'The origin of the page the decision was made on (its runtime token’s)' }),
    recorded_at: Timestamp,
  },
  { description: 'A consent decision as the server recorded it' },
));

export const ListQuery = Type.Object({
  device_id: Type.Optional(DeviceId('Only this device’s records')),
  ...PageQuery,
});
