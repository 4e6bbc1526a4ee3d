// The API client: openapi-fetch over the types generated from the OpenAPI document
// (schema.d.ts, `npm run gen:api`), so a call to a path, parameter or field the API does not have
// does not compile. Every request carries the signed-in user's ID token; an answer that is not a
// success throws an ApiError with the API's own error message, which the views show.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
export type Paths = paths;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let idToken: string | undefined;
let onUnauthorized: () => void = () => undefined;

/** The ID token sent as `Authorization: Bearer`, and what happens when the API refuses it (401). */
export function useIdToken(token: string | undefined, unauthorized: () => void): void {
  idToken = token;
  onUnauthorized = unauthorized;
}

const bearer: Middleware = {
  onRequest({ request }) {
    if (idToken) request.headers.set('Authorization', `Bearer ${idToken}`);
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401 && idToken) onUnauthorized();
    return response;
  },
};

export const api = createClient<Paths>({ baseUrl: location.origin });
api.use(bearer);

interface ErrorBody {
  error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
}

/** The error an answer that is not a success stands for: the API's envelope, else its status. */
export function apiErrorOf(error: unknown, response: Response): ApiError {
  const e = (typeof error === 'object' && error !== null ? (error as ErrorBody).error : undefined) ?? {};
  const message = e.message ?? `The server answered ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, e.code ?? 'http_error', message, e.details ?? []);
}

type Answer<D> = { data?: D; error?: unknown; response: Response };

/** The `data` of a success envelope, or the API's error thrown. A network failure throws an ApiError too. */
export async function call<D extends { data: unknown }>(request: Promise<Answer<D>>): Promise<D['data']> {
  const answer = await request.catch((err: unknown) => {
    throw new ApiError(0, 'network', `The server could not be reached (${err instanceof Error ? err.message : String(err)})`);
  });
  if (answer.data === undefined) throw apiErrorOf(answer.error, answer.response);
  return answer.data.data;
}

/** A page of a list: its items and the cursor of the next page. */
export async function callPage<D extends { data: unknown[]; meta: { next_cursor?: string | null } }>(
  request: Promise<Answer<D>>,
): Promise<{ items: D['data']; next: string | null }> {
  const answer = await request.catch((err: unknown) => {
    throw new ApiError(0, 'network', `The server could not be reached (${err instanceof Error ? err.message : String(err)})`);
  });
  if (answer.data === undefined) throw apiErrorOf(answer.error, answer.response);
  return { items: answer.data.data, next: answer.data.meta.next_cursor ?? null };
}
