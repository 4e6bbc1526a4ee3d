// Every response a test receives through inject() is checked against the OpenAPI document the app
// serves: the status must be one the operation declares, the Content-Type one of its media types
// (or no body where it declares none), a JSON body must match the schema, and each declared header
// must be present when required and match its schema. One validator per operation and status,
// compiled once per document. Routes the document leaves out (hidden ones, /docs, routes a test
// adds) and URLs no route serves are not checked. Only tests use this: production never validates.
import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type JsonObject = Record<string, unknown>;
interface Media { schema?: unknown }
interface Response { headers?: Record<string, unknown>; content?: Record<string, Media> }
interface Operation { operationId?: string; responses: Record<string, Response> }
interface Doc { paths: Record<string, Record<string, Operation>>; components: { headers?: Record<string, { required?: boolean; schema: unknown }> } }

interface Template { method: string; path: string; pattern: RegExp; params: number; op: Operation }

export interface ResponseChecker {
  /** The ways the response departs from the document (empty when it conforms, is not documented, or its route is in `skip`: `METHOD /path/{param}`). */
  problems(method: string, url: string, response: LightMyRequestResponse, skip?: ReadonlySet<string>): string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

function templatesOf(doc: Doc): Template[] {
  const out: Template[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const params = (path.match(/\{[^}]+\}/g) ?? []).length;
    const pattern = new RegExp(`^${path.split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}/?$`);
    for (const [method, op] of Object.entries(item)) out.push({ method: method.toUpperCase(), path, pattern, params, op });
  }
  // A literal segment wins over a parameter (/jobs/run-due before /jobs/{jobId}).
  return out.sort((a, b) => a.params - b.params);
}

function buildChecker(doc: Doc): ResponseChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as unknown as JsonObject, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string): ValidateFunction => {
    let v = compiled.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `openapi.json#/${ref}` });
      compiled.set(ref, v);
    }
    return v;
  };
  const templates = templatesOf(doc);
  const headerDefs = doc.components.headers ?? {};

  return {
    problems(method, url, res, skip) {
      // The path as the server routes it: dot segments resolved (`/sites/x/campaigns/..` is `/sites/x`).
      const path = new URL(url, 'http://localhost').pathname;
      const t = templates.find((x) => x.method === method && x.pattern.test(path));
      if (!t || skip?.has(`${method} ${t.path}`)) return [];
      const where = `${method} ${t.path} (${t.op.operationId ?? 'no operationId'}) → ${res.statusCode}`;
      const status = String(res.statusCode);
      const declared = t.op.responses[status];
      if (!declared) return [`${where}: status not declared (declared: ${Object.keys(t.op.responses).join(', ')})`];
      const problems: string[] = [];
      for (const [name, header] of Object.entries(declared.headers ?? {})) {
        const ref = (header as { $ref?: string }).$ref;
        const def = ref ? headerDefs[ref.split('/').pop()!] : (header as { required?: boolean; schema: unknown });
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) {
          if (def?.required) problems.push(`${where}: header ${name} is required but missing`);
          continue;
        }
        const check = validator(ref ? pointer('components', 'headers', ref.split('/').pop()!, 'schema') : pointer('paths', t.path, method.toLowerCase(), 'responses', status, 'headers', name, 'schema'));
        if (!check(String(value))) problems.push(`${where}: header ${name}=${String(value)} ${ajv.errorsText(check.errors)}`);
      }
      const content = declared.content;
      const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!content || Object.keys(content).length === 0) {
        if (res.rawPayload.length > 0) problems.push(`${where}: a body (${type}) where the document declares none`);
        return problems;
      }
      const media = content[type];
      if (!media) return [...problems, `${where}: Content-Type ${type || '(none)'} not declared (declared: ${Object.keys(content).join(', ')})`];
      if (type !== 'application/json' || media.schema === undefined || method === 'HEAD') return problems;
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return [...problems, `${where}: the body is not JSON`];
      }
      const check = validator(pointer('paths', t.path, method.toLowerCase(), 'responses', status, 'content', type, 'schema'));
      if (!check(body)) problems.push(`${where}: body ${ajv.errorsText(check.errors, { separator: '; ' })}`);
      return problems;
    },
  };
}

const checkers = new Map<string, ResponseChecker>();

/**
 * The checker of the app's document, one per set of routes in this process: building the document
 * takes a good part of a second, and apps with the same routes serve the same one.
 */
export function responseCheckerOf(app: FastifyInstance): ResponseChecker {
  const key = createHash('sha256').update(app.printRoutes({ commonPrefix: false })).digest('hex');
  let checker = checkers.get(key);
  if (!checker) {
    checker = buildChecker(app.swagger() as unknown as Doc);
    checkers.set(key, checker);
  }
  return checker;
}

/** Wraps `app.inject` so that every response it returns is checked (but those of the `skip` routes, `METHOD /path/:param`); a departure throws, naming the route. */
export function checkInjectedResponses(app: FastifyInstance, skip: ReadonlySet<string> = new Set()): void {
  const skipped = new Set([...skip].map((route) => route.replace(/:(\w+)/g, '{$1}')));
  const inject = app.inject.bind(app);
  let checker: ResponseChecker | undefined;
  const checked = async (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(opts);
    const options: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
    const url = typeof options.url === 'string' ? options.url : (options.path as string | undefined) ?? '/';
    checker ??= responseCheckerOf(app);
    const method = String(options.method ?? 'GET').toUpperCase();
    const problems = checker.problems(method, url, res, skipped);
    if (problems.length > 0) throw new Error(`The response departs from the OpenAPI document:\n  ${problems.join('\n  ')}`);
    return res;
  };
  const wrapped = (opts?: InjectOptions | string, callback?: unknown) => {
    if (opts === undefined || callback !== undefined) return (inject as (...args: unknown[]) => unknown)(opts, callback);
    return checked(opts);
  };
  Object.defineProperty(app, 'inject', { value: wrapped, configurable: true, writable: true });
}
