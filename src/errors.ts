// The one catalogue of error codes (CONTRACT §0). Domain code throws AppError with a code from
// here; the HTTP error handler is the only place that turns it into a response.

export const ERROR_CATALOGUE = {
  validation_failed: { status: 400, message: 'The request is not valid' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON' },
  destination_not_allowed: { status: 400, message: 'Webhook destinations must be https URLs of public hosts' },
  unauthorized: { status: 401, message: 'Authentication is required' },
  forbidden: { status: 403, message: 'This credential may not do that' },
  insufficient_scope: { status: 403, message: 'The API key lacks the scope this route needs' },
  origin_mismatch: { status: 403, message: 'The request origin is not allowed for this site' },
  publisher_mode_inactive: { status: 403, message: 'The site is not in publisher mode' },
  consent_required: { status: 403, message: 'The visitor has not given the consent this needs' },
  not_found: { status: 404, message: 'Not found' },
  idempotency_conflict: { status: 409, message: 'The idempotency key was used with a different payload' },
  media_in_use: { status: 409, message: 'The media is used by a product or a campaign' },
  touch_conflict: { status: 409, message: 'A touch id was reused with different content' },
  order_exists: { status: 409, message: 'A purchase for this order already exists' },
  invalid_state: { status: 409, message: 'That state change is not allowed' },
  conflict: { status: 409, message: 'The request conflicts with the current state' },
  payload_too_large: { status: 413, message: 'The payload is too large' },
  unsupported_media_type: { status: 415, message: 'Send the body as application/json' },
  reconciliation_failed: { status: 422, message: 'The amounts do not reconcile' },
  purchase_not_found: { status: 422, message: 'No purchase exists for this order' },
  currency_mismatch: { status: 422, message: 'The currency differs from the purchase' },
  negative_revenue: { status: 422, message: 'Revenue or commissionable amount would go below zero' },
  stale_source_timestamp: { status: 422, message: 'occurred_at must be later than the latest source timestamp' },
  conversion_cancelled: { status: 422, message: 'The order is cancelled' },
  destination_not_allowlisted: { status: 422, message: 'The destination host is not allowlisted' },
  invalid_sale_price: { status: 422, message: 'The sale price is above the price or in another currency' },
  unknown_media: { status: 422, message: 'No media with that id exists on this site' },
  image_too_large: { status: 422, message: 'The image is larger than 50 megapixels' },
  unknown_experiment: { status: 422, message: 'No experiment with that id exists on this site' },
  experiment_not_running: { status: 422, message: 'The gating experiment is not running' },
  config_too_large: { status: 422, message: 'The public configuration would exceed 64 KiB' },
  last_owner: { status: 422, message: 'A site must keep at least one owner' },
  too_many_workflows: { status: 422, message: 'A site may have at most 50 workflows' },
  limit_reached: { status: 422, message: 'A limit of the site or of the user is reached' },
  rate_limited: { status: 429, message: 'Rate limit exceeded' },
  internal_error: { status: 500, message: 'Internal error' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable; retry shortly' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Whether a text (one that crossed a process boundary) names a code of the catalogue. */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);

export interface ErrorDetail {
  /** A JSON Pointer (RFC 6901) into the request. */
  path: string;
  code: string;
  message: string;
}

/** One reference token of a JSON Pointer: `~` and `/` escaped. */
export const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

export const unauthorized = (message?: string): AppError => new AppError('unauthorized', message);
export const forbidden = (message?: string): AppError => new AppError('forbidden', message);
export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found`);
export const validationFailed = (path: string, message: string, code = 'invalid'): AppError =>
  new AppError('validation_failed', message, [{ path, code, message }]);
