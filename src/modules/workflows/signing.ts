// Standard Webhooks v1 (CONTRACT §11) through the `standardwebhooks` package: `webhook-id` (the same
// on every retry), `webhook-timestamp` (unix seconds), `webhook-signature` with one `v1,<base64>`
// entry per secret that signs (two during a rotation, space-separated). A secret is `whsec_` and the
// base64 of 32 random bytes: the HMAC key is those bytes.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export function webhookHeaders(webhookId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(webhookId, at, body)).join(' ');
  return { 'webhook-id': webhookId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
