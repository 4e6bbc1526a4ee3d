// Consent records (CONTRACT §13): the proof of each consent decision a visitor made (GDPR Art. 7(1)),
// recorded by browsers, append-only, read by members. The visitor's identifiers are sealed and the
// device kept as a keyed hash for lookups; the sealed column is re-sealed by click-id rotation and
// kept out of click-id retention.
import { defineModule } from '../module.js';
import { createConsentService } from './consent-service.js';
import { consentRoutes } from './routes.js';
import { CONSENT_IDENTIFIERS } from './sealed-identifiers.js';

export const consentModule = defineModule({
  name: 'consent',
  services: (ctx) => createConsentService({ db: ctx.db, secrets: ctx.secrets, keyring: ctx.keyring }),
  routes: (consent) => [{ prefix: '/api/v1', plugin: consentRoutes(consent) }],
  sealedColumns: [CONSENT_IDENTIFIERS],
});
