// Schemas of workflows and deliveries (CONTRACT §11).
import { Type, type Static } from 'typebox';
import { NonEmpty, SiteId, Timestamp } from '../../http/common-schemas.js';
import { PageQuery } from '../../http/pagination.js';
import { component } from '../../http/openapi-components.js';

export const WORKFLOW_ID_PATTERN = '^wfl_[A-Za-z0-9]{4,64}$';
export const DELIVERY_ID_PATTERN = '^dlv_[A-Za-z0-9]{4,64}$';

const ConditionSchema = Type.Object(
  {
    path: Type.String({ maxLength: 256, description: 'A JSON Pointer into the webhook’s data, such as /properties/total' }),
    op: Type.Union([Type.Literal('eq'), Type.Literal('neq'), Type.Literal('gt'), Type.Literal('gte'), Type.Literal('lt'), Type.Literal('lte'), Type.Literal('in'), Type.Literal('exists')]),
    value: Type.Optional(Type.Unknown({ description: 'What to compare with: an array for in; none for exists' })),
  },
  { additionalProperties: false },
);

const Trigger = Type.Object(
  {
    on: Type.Union([Type.Literal('event'), Type.Literal('conversion'), Type.Literal('publisher_report'), Type.Literal('experiment')], { description: 'server-class events, trusted conversions, publisher report imports, experiment changes' }),
    event_types: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 20, description: 'event: event types; conversion: purchase, adjustment, cancellation; publisher_report: imported; experiment: started, stopped' })),
    conditions: Type.Optional(Type.Array(ConditionSchema, { maxItems: 20 })),
  },
  { additionalProperties: false },
);

const Action = Type.Object({ type: Type.Literal('webhook'), url: Type.String({ minLength: 1, maxLength: 2048, description: 'https, a public host (ALLOW_PRIVATE_WEBHOOKS=1 lifts both rules)' }) }, { additionalProperties: false });
const Status = Type.Union([Type.Literal('active'), Type.Literal('paused')]);

export const CreateWorkflowBody = Type.Object({ name: NonEmpty(200), status: Type.Optional(Status), trigger: Trigger, action: Action }, { additionalProperties: false });
export const PatchWorkflowBody = Type.Object(
  { name: Type.Optional(NonEmpty(200)), status: Type.Optional(Status), trigger: Type.Optional(Trigger), action: Type.Optional(Action) },
  { additionalProperties: false, minProperties: 1 },
);
export type CreateWorkflowInput = Static<typeof CreateWorkflowBody>;
export type PatchWorkflowInput = Static<typeof PatchWorkflowBody>;

export const WorkflowView = component('Workflow', Type.Object({
  workflow_id: Type.String(),
  site_id: SiteId,
  name: Type.String(),
  status: Status,
  trigger: Type.Object({ on: Type.String(), event_types: Type.Union([Type.Array(Type.String()), Type.Null()]), conditions: Type.Array(ConditionSchema) }),
  action: Type.Object({ type: Type.Literal('webhook'), url: Type.String() }),
  version: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
}));
export const WorkflowWithSecret = Type.Object({ ...WorkflowView.properties, secret: Type.String({ description: 'whsec_…: shown once' }) });
export const RotatedSecret = Type.Object({ secret: Type.String({ description: 'The new whsec_… (shown once); the previous one signs too for 24 h' }), previous_valid_until: Timestamp });

export const WorkflowParams = Type.Object({ siteId: SiteId, workflowId: Type.String({ pattern: WORKFLOW_ID_PATTERN }) });
export const DeliveryParams = Type.Object({ ...WorkflowParams.properties, deliveryId: Type.String({ pattern: DELIVERY_ID_PATTERN }) });
export const WorkflowListQuery = Type.Object(PageQuery);
export const DeliveryListQuery = Type.Object({ status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])), ...PageQuery });

export const DeliveryView = component('Delivery', Type.Object({
  delivery_id: Type.String(),
  webhook_id: Type.String(),
  workflow_id: Type.String(),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  response_body: Type.Union([Type.String(), Type.Null()], { description: 'The first 1,024 bytes of the last answer' }),
  created_at: Timestamp,
}));
