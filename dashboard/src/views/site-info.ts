import type { Paths } from '../api/client';

/** A site as GET /api/v1/sites lists it for the signed-in user (with the user's role). */
export type SiteInfo = Paths['/api/v1/sites']['get']['responses'][200]['content']['application/json']['data'][number];
