// The last pass over the OpenAPI document @fastify/swagger builds from the route schemas: what
// the route schemas cannot say. Named schemas (http/openapi-components.ts) are referenced with
// `$ref` wherever they appear; every response declares the headers the server sends with it (as
// `components.headers`); beacon routes take their body as text/plain too; top-level tags, servers,
// contact and licence. It runs once, when the document is first asked for (then it is cached).

/** The top-level tags, in the order the reference shows them. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'health', description: 'Liveness and readiness, for orchestrators (no credential).' },
  { name: 'sign-in', description: 'How the dashboard signs merchants in: the identity provider, or the local issuer on embedded and development setups.' },
  { name: 'runtime', description: 'Runtime tokens: a storefront page exchanges its public site id for a short-lived token bound to its Origin.' },
  { name: 'sites', description: 'A merchant’s sites and their members.' },
  { name: 'api-keys', description: 'Secret API keys of trusted servers, with scopes and an hourly event quota.' },
  { name: 'credentials', description: 'What the server makes of the credential a request carries.' },
  { name: 'events', description: 'Event capture: one event or a batch, deduplicated, from browsers (runtime token) or servers (API key).' },
  { name: 'partner attribution', description: 'Affiliate touches from browsers, trusted conversions from servers, and the order ledger.' },
  { name: 'partner experiments', description: 'Experiments over partner programmes: sticky assignment and results per arm.' },
  { name: 'publisher', description: 'Publisher mode: decorated link clicks, network report imports and publisher analytics.' },
  { name: 'media', description: 'The site’s image library, and the public URLs of its bytes.' },
  { name: 'catalog', description: 'The site’s products: one at a time, in bulk, listed and searched.' },
  { name: 'campaigns', description: 'On-site campaigns and the public configuration storefronts read.' },
  { name: 'recommendations', description: 'Products to show in a recommendation campaign’s slot.' },
  { name: 'submissions', description: 'Campaign form submissions: taken from browsers, read and erased by members.' },
  { name: 'consent', description: 'Visitors’ consent decisions: recorded from browsers as proof, read by members.' },
  { name: 'analytics', description: 'Figures for members of a site.' },
  { name: 'workflows', description: 'Webhooks on what happens on a site: signed deliveries with retries.' },
  { name: 'integrations', description: 'Affiliate network accounts (Awin, CJ) whose reports are imported on a schedule.' },
  { name: 'admin', description: 'Platform operators (X-Platform-Signature): every site, and the durable jobs.' },
  { name: 'sdk', description: 'The browser SDK files (no credential, cacheable).' },
];

/** Response headers, shared by reference. */
export const HEADERS = {
  'X-Request-Id': {
    description: 'The request id: the X-Request-Id sent (1–128 of [A-Za-z0-9._-]) or a new UUID; also `meta.request_id`.',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' },
  },
  'RateLimit-Limit': { description: 'The quota of the current window.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  'RateLimit-Remaining': { description: 'What is left of the quota in the current window.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  'RateLimit-Reset': { description: 'Seconds until the window ends and the quota is whole again.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
  ETag: { description: 'The entity tag of what was sent; send it back in If-None-Match for a 304.', required: true, schema: { type: 'string' } },
} as const;

type HeaderName = keyof typeof HEADERS;
const QUOTA: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** Operation keys a route's `transform` adds for this pass; removed from the document here. */
export const QUOTA_MARK = 'x-storefront-quota';
export const BEACON_MARK = 'x-storefront-beacon';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Doc = JsonObject & { paths: Record<string, Record<string, JsonObject>>; components: JsonObject };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every operation of the document, with its method and path. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Array<{ method: string; path: string; op: JsonObject }> {
  const out: Array<{ method: string; path: string; op: JsonObject }> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method) && isObject(op)) out.push({ method, path, op });
  }
  return out;
}

/** Stable JSON text of a value (object keys sorted), memoized per object; `top` leaves out the annotations a schema loses where swagger puts it. */
function canonicalizer() {
  const memo = new Map<object, string>();
  const text = (v: Json): string => {
    if (!isObject(v) && !Array.isArray(v)) return JSON.stringify(v);
    const known = memo.get(v);
    if (known !== undefined) return known;
    const out = Array.isArray(v)
      ? `[${v.map(text).join(',')}]`
      : `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${text(v[k]!)}`).join(',')}}`;
    memo.set(v, out);
    return out;
  };
  const top = (v: JsonObject): string =>
    `{${Object.keys(v).filter((k) => k !== 'description' && k !== 'examples' && k !== 'example').sort().map((k) => `${JSON.stringify(k)}:${text(v[k]!)}`).join(',')}}`;
  return top;
}

/** Replaces every occurrence of a named schema by its `$ref` (the outermost one wins), inside the components too. */
function internSchemas(doc: Doc): void {
  const schemas = (doc.components.schemas ?? {}) as Record<string, Json>;
  const key = canonicalizer();
  const byKey = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) if (isObject(schema)) byKey.set(key(schema), name);
  const walk = (node: Json, self?: string): Json => {
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (!isObject(node)) return node;
    const name = byKey.get(key(node));
    if (name !== undefined && name !== self) return { $ref: `#/components/schemas/${name}` };
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    return out;
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = walk(schema, name);
  doc.paths = walk(doc.paths) as Doc['paths'];
}

/** Every request body has the server's size limit: an operation that may be sent one may answer 413 payload_too_large. */
function declareBodyLimit(doc: Doc): void {
  for (const { method, op } of operationsOf(doc)) {
    const responses = op.responses as Record<string, Json>;
    if (!['post', 'put', 'patch', 'delete'].includes(method) || responses['413']) continue;
    responses['413'] = { description: 'Error envelope (CONTRACT §0)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** The headers the server sends with a response of the operation. */
function headersOf(status: string, op: JsonObject, statuses: string[]): HeaderName[] {
  const names: HeaderName[] = ['X-Request-Id'];
  if (status === '429') names.push(...QUOTA, 'Retry-After');
  if (status === '503') names.push('Retry-After');
  if (op[QUOTA_MARK] === true && status.startsWith('2')) names.push(...QUOTA);
  if (statuses.includes('304') && (status === '200' || status === '304')) names.push('ETag');
  return names;
}

function declareHeaders(doc: Doc): void {
  doc.components.headers = HEADERS as unknown as Json;
  for (const { op } of operationsOf(doc)) {
    const responses = op.responses as Record<string, JsonObject>;
    const statuses = Object.keys(responses);
    for (const status of statuses) {
      const response = responses[status]!;
      if (status === '304') delete response.content;
      const headers = isObject(response.headers) ? response.headers : {};
      for (const name of headersOf(status, op, statuses)) headers[name] = { $ref: `#/components/headers/${name}` };
      response.headers = headers;
    }
    delete op[QUOTA_MARK];
  }
}

/** Beacon routes take the same JSON as text/plain (navigator.sendBeacon without a preflight). */
function declareBeaconBodies(doc: Doc): void {
  for (const { op } of operationsOf(doc)) {
    const field = op[BEACON_MARK];
    delete op[BEACON_MARK];
    const body = op.requestBody;
    if (typeof field !== 'string' || !isObject(body) || !isObject(body.content)) continue;
    const json = body.content['application/json'];
    if (!isObject(json)) continue;
    body.content['text/plain'] = {
      schema: {
        type: 'string',
        contentMediaType: 'application/json',
        contentSchema: json.schema ?? {},
        description: `The JSON body as text/plain, the credential in \`${field}\` instead of a header (what navigator.sendBeacon sends during page unload).`,
      },
    };
  }
}

/** Named request examples on the JSON body of each operation that has some (they replace a schema's single example). */
function addRequestExamples(doc: Doc, examples: DocumentOptions['requestExamples']): void {
  for (const { op } of operationsOf(doc)) {
    const named = typeof op.operationId === 'string' ? examples[op.operationId] : undefined;
    const body = op.requestBody;
    if (!named || !isObject(body) || !isObject(body.content) || !isObject(body.content['application/json'])) continue;
    const media = body.content['application/json'];
    delete media.example;
    media.examples = JSON.parse(JSON.stringify(named)) as Json;
  }
}

export interface DocumentOptions {
  servers: Array<{ url: string; description: string }>;
  /** operationId → named examples of its JSON request body. */
  requestExamples: Record<string, Record<string, { summary: string; value: unknown }>>;
}

/** The document as served: named schemas referenced, headers declared, beacon bodies, tags, servers. */
export function finishDocument<T extends object>(document: T, options: DocumentOptions): T {
  const doc = document as unknown as Doc;
  doc.components = doc.components ?? {};
  internSchemas(doc);
  declareBodyLimit(doc);
  declareHeaders(doc);
  declareBeaconBodies(doc);
  addRequestExamples(doc, options.requestExamples);
  doc.servers = options.servers;
  doc.tags = TAGS.map((t) => ({ ...t }));
  return document;
}
