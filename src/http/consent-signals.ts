// What a browser request tells of consent (CONTRACT §13): the consent object it sent, and the Global
// Privacy Control signal its browser added (`Sec-GPC: 1`). The site's policy decides what they mean.
import type { FastifyRequest } from 'fastify';
import { isGpcSignal, type ConsentSignals, type SentConsent } from '../kernel/index.js';

export const consentSignalsOf = (request: FastifyRequest, sent: SentConsent | undefined): ConsentSignals => ({
  ...(sent ? { sent } : {}),
  gpc: isGpcSignal(request.headers['sec-gpc']),
});
