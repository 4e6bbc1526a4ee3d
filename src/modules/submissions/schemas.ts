// The submission routes' schemas (CONTRACT §9): what Fastify validates and the OpenAPI document says.
// The body's envelope is the schema's: the ids, at most 30 keys in `fields`, each value text of at
// most 1,000 characters, true/false or null (so an object, an array or a number is 400 at its own
// path before anything else); the form's own rules come after, in the use case.
import { Type } from 'typebox';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { PageQuery } from '../../http/pagination.js';
import { MAX_FIELDS, MAX_VALUE_LENGTH, SUBMISSION_ID_PATTERN } from './submission.js';
import { component } from '../../http/openapi-components.js';

export const SubmissionId = Type.String({ pattern: SUBMISSION_ID_PATTERN, description: 'Submission id (`sub_…`)', examples: ['sub_3Kq8Zt1VbN7xRm2LpW9c'] });
const campaignId = (description = 'Campaign id (`cmp_…`)') => Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$', description, examples: ['cmp_7Hn2Qw9ZrT4bKx1VmP3s'] });
const FormId = NonEmpty(128, { description: 'The id of the campaign’s form (its content.form.form_id)' });

const FieldValue = Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Boolean(), Type.Null()], {
  description: 'Text (text, email, phone and choice fields; ≤ 1,000 characters, emails ≤ 254), true/false (consent fields), or null (not filled)',
});

export const SubmitBody = component('SubmitBody', Type.Object(
  {
    campaign_id: campaignId(),
    form_id: FormId,
    client_submission_id: Type.String({
      pattern: '^[A-Za-z0-9._:-]{1,128}$',
      description: 'The browser’s idempotency key (e.g. a UUID): the same one on the site answers with the first submission_id',
    }),
    session_id: NonEmpty(256),
    fields: Type.Record(Type.String(), FieldValue, {
      maxProperties: MAX_FIELDS,
      description: `The form's fields by name (at most ${MAX_FIELDS} keys). \`website\` is the honeypot: leave it out or empty.`,
      examples: [{ email: 'jane@example.com', website: '' }],
    }),
    consent: Type.Optional(
      Type.Object({ granted: Type.Boolean() }, { description: 'The answer to the form’s consent text (only on a form that shows one)' }),
    ),
  },
  { description: 'A submission of a campaign’s form' },
));

export const Accepted = Type.Object({ submission_id: SubmissionId });

const Consent = Type.Object(
  {
    granted: Type.Boolean(),
    text_sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'sha256 (lowercase hex) of the consent text the form showed' }),
    recorded_at: Timestamp,
  },
  { description: 'The consent answer, as the server recorded it' },
);

export const Submission = component('Submission', Type.Object(
  {
    submission_id: SubmissionId,
    campaign_id: Type.String(),
    form_id: Type.String(),
    session_id: Type.String(),
    fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]), { description: 'The fields as submitted (text trimmed), in the form’s order' }),
    consent: Type.Union([Consent, Type.Null()], { description: 'null when the form showed no consent text or nothing was answered' }),
    created_at: Timestamp,
  },
  { description: 'A submission of a campaign’s form' },
));

export const ListQuery = Type.Object({
  campaign_id: Type.Optional(campaignId('Only this campaign’s submissions')),
  ...PageQuery,
});

export const SubmissionParams = Type.Object({ siteId: SiteId, submissionId: SubmissionId });

export const ErasedSubmission = Type.Object({ submission_id: SubmissionId, erased_at: Timestamp });
