// The baseline: a bare Fastify route with the same body schema, validator, envelope and response
// schema as POST /events/track, and no storage, credentials or rules. Prints its URL on stdout.
// With BARE_RUNTIME_CONFIG, BARE_ASSIGNMENTS or BARE_RECOMMENDATIONS (a captured answer's data, as
// JSON) it also answers that hot public read the same way: the real route's schemas (through the
// service's own validator), that answer from memory, nothing else (bench/hot-paths.ts).
import Fastify from 'fastify';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../src/http/envelope.js';
import { Event, TrackResult } from '../src/modules/events/schemas.js';

const app = Fastify({ logger: { level: 'warn' }, bodyLimit: 512 * 1024 }).withTypeProvider<TypeBoxTypeProvider>();
app.setValidatorCompiler(TypeBoxValidatorCompiler);
app.post('/api/v1/events/track', { schema: { body: Event, response: { 201: Envelope(TrackResult) } } }, async (request, reply) =>
  reply.code(201).send(ok(request, { event_id: `evt_${'0'.repeat(32)}`, timestamp: new Date().toISOString(), deduplicated: false })),
);
app.get('/health', async () => ({ ok: true }));

const answer = (name: string): object | undefined => (process.env[name] ? (JSON.parse(process.env[name]) as object) : undefined);
const config = answer('BARE_RUNTIME_CONFIG');
const assignments = answer('BARE_ASSIGNMENTS');
const recommendations = answer('BARE_RECOMMENDATIONS');
if (config || assignments || recommendations) {
  const { schemaBoundary } = await import('../src/http/validation.js');
  const { PublicConfig } = await import('../src/modules/campaigns/schemas.js');
  const { Assignments, AssignmentsBody } = await import('../src/modules/experiments/schemas.js');
  const { RecommendationAnswer, RecommendationQuery } = await import('../src/modules/recommendations/schemas.js');
  await app.register(async (reads) => {
    reads.setValidatorCompiler(schemaBoundary);
    if (config) reads.get('/api/v1/runtime/config', { schema: { response: { 200: Envelope(PublicConfig) } } }, async (request) => ok(request, config));
    if (assignments) reads.post('/api/v1/partner-experiments/assignments', { schema: { body: AssignmentsBody, response: { 200: Envelope(Assignments) } } }, async (request) => ok(request, assignments));
    if (recommendations) reads.get('/api/v1/recommendations', { schema: { querystring: RecommendationQuery, response: { 200: Envelope(RecommendationAnswer) } } }, async (request) => ok(request, recommendations));
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
