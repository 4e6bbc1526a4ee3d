// The baseline: a bare Fastify route with the same body schema, validator, envelope and response
// schema as POST /events/track, and no storage, credentials or rules. Prints its URL on stdout.
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
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
