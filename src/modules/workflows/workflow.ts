// A workflow (CONTRACT §11) as the module keeps it, and a webhook delivery.
import type { TriggerKind } from '../../kernel/index.js';
import type { Condition } from './conditions.js';

export type WorkflowStatus = 'active' | 'paused';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WorkflowSettings {
  name: string;
  status: WorkflowStatus;
  trigger: { on: TriggerKind; eventTypes: string[] | null; conditions: Condition[] };
  url: string;
}

export interface Workflow extends WorkflowSettings {
  siteId: string;
  workflowId: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A sealed signing secret. */
export interface SealedSecret {
  ciphertext: string;
  keyId: string;
}

export interface WorkflowSecrets {
  current: SealedSecret;
  previous: (SealedSecret & { until: Date }) | null;
}

export interface Delivery {
  siteId: string;
  deliveryId: string;
  webhookId: string;
  workflowId: string;
  type: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  responseBody: string | null;
  createdAt: Date;
}

export const MAX_WORKFLOWS_PER_SITE = 50;
export const WEBHOOK_QUEUE = 'webhook';
/** During a rotation the previous secret signs too, this long. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
