// Schemas shared by several modules.
import { Type } from 'typebox';
import { KEY_ID_PATTERN, SITE_ID_PATTERN } from '../ids.js';

export const SiteId = Type.String({ pattern: SITE_ID_PATTERN, description: 'Public site id (`site_…`)', examples: ['site_4Tq9Zr2LmXc8VbN1wKp3'] });
export const KeyId = Type.String({ pattern: KEY_ID_PATTERN, description: 'API key id (`key_…`)' });
export const SiteParams = Type.Object({ siteId: SiteId });
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
/** A non-empty string without leading/trailing whitespace-only content. */
export const NonEmpty = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...options });
