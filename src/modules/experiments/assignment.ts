// Deterministic, sticky assignment (experiments.md), pure: the variant is a hash of the
// experiment's salt and the session id mapped onto the weights; the assignment id is a hash of
// the experiment and the session, so two processes compute the same one.
import { hash } from 'node:crypto';
import type { Experiment, NewAssignment, Variant, Weights } from './experiment.js';

/** A number in [0, 1) from the first 52 bits of SHA-256(salt, session). */
export function bucket(salt: string, sessionId: string): number {
  return parseInt(hash('sha256', `${salt}\n${sessionId}`, 'hex').slice(0, 13), 16) / 2 ** 52;
}

export function assignVariant(salt: string, sessionId: string, weights: Weights): Variant {
  return bucket(salt, sessionId) < weights.control / (weights.control + weights.treatment) ? 'control' : 'treatment';
}

export function assignmentIdFor(siteId: string, experimentId: string, sessionId: string): string {
  return `asg_${hash('sha256', `${siteId}\n${experimentId}\n${sessionId}`, 'hex').slice(0, 32)}`;
}

/** The session's assignment in an experiment, as computed (stored only if it is the first). */
export const assignmentOf = (experiment: Pick<Experiment, 'siteId' | 'experimentId' | 'salt' | 'weights'>, sessionId: string): NewAssignment => ({
  experimentId: experiment.experimentId,
  sessionId,
  assignmentId: assignmentIdFor(experiment.siteId, experiment.experimentId, sessionId),
  variant: assignVariant(experiment.salt, sessionId, experiment.weights),
});
