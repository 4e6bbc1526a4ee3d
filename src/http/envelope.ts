// The success and error envelopes of CONTRACT §0, as TypeBox schemas and as builders.
import { Type, type TSchema } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorDetail } from '../errors.js';
import { component } from './openapi-components.js';

export const Meta = component(
  'Meta',
  Type.Object(
    {
      timestamp: Type.String({ format: 'date-time', description: 'When the answer was made (ISO 8601 UTC)' }),
      request_id: Type.String({ description: 'The request id, also in the X-Request-Id header' }),
    },
    { description: 'What every answer carries besides its data or error' },
  ),
);

export const ErrorDetailSchema = component(
  'ErrorDetail',
  Type.Object(
    {
      path: Type.String({ description: 'JSON Pointer into the request body (or into params/query)' }),
      code: Type.String({ description: 'What is wrong at the path (a JSON Schema keyword or a rule name)' }),
      message: Type.String(),
    },
    { description: 'One problem of a refused request, at its place' },
  ),
);

/** Every code of the catalogue (src/errors.ts), in its order: the document's enum is made from it. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export const ErrorCodeSchema = component(
  'ErrorCode',
  Type.Enum(ERROR_CODES, { description: 'A code of the one error catalogue; each has one HTTP status' }),
);

export const ErrorBody = component(
  'ErrorBody',
  Type.Object({
    code: ErrorCodeSchema,
    message: Type.String({ description: 'For people; may change' }),
    details: Type.Optional(Type.Array(ErrorDetailSchema)),
  }),
);

export const ErrorEnvelope = component(
  'Error',
  Type.Object({ success: Type.Literal(false), error: ErrorBody, meta: Meta }, { description: 'Error envelope (CONTRACT §0)' }),
);

export function Envelope<T extends TSchema>(data: T, description = 'Success') {
  return Type.Object({ success: Type.Literal(true), data, meta: Meta }, { description });
}

export const meta = (request: FastifyRequest) => ({ timestamp: new Date().toISOString(), request_id: request.id });

export const ok = <T>(request: FastifyRequest, data: T) => ({ success: true as const, data, meta: meta(request) });

export const errorBody = (request: FastifyRequest, code: string, message: string, details?: ErrorDetail[]) => ({
  success: false as const,
  error: details && details.length > 0 ? { code, message, details } : { code, message },
  meta: meta(request),
});

/** Response schemas of a route: its success statuses plus the error statuses it can answer. */
export function responses<S extends Record<number, TSchema>, const E extends readonly number[]>(success: S, errors: E) {
  const out: Record<number, TSchema> = { ...success };
  for (const status of new Set([...errors, 400, 415, 503])) out[status] = ErrorEnvelope;
  return out as S & { [K in E[number] | 400 | 415 | 503]: typeof ErrorEnvelope };
}

/**
 * The response schema of a route that sends its envelope as JSON text made beforehand (a document
 * kept serialized, like a cached configuration): documented as the envelope of `data`, typed as text.
 */
export const TextEnvelope = <T extends TSchema>(data: T, description?: string) => Type.Unsafe<string>(Envelope(data, description));

/** The success envelope around `dataJson`, the `data` already as JSON text (one template: nothing serialized but the meta). */
const envelopeText = (request: FastifyRequest, dataJson: string): string => `{"success":true,"data":${dataJson},"meta":${JSON.stringify(meta(request))}}`;

/** The serializer of a TextEnvelope route: its answer is JSON text already. */
const asItIs = (text: string) => text;

/** A TextEnvelope route's answer: the envelope around `dataJson`, sent as the text it is (not serialized again). */
export const sendEnvelopeText = (request: FastifyRequest, reply: FastifyReply, dataJson: string) =>
  reply.serializer(asItIs).type('application/json; charset=utf-8').send(envelopeText(request, dataJson));
