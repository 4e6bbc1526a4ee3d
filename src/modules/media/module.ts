// The media library (CONTRACT §8): images uploaded by members and commerce backends (catalog:write),
// stored in the database, served publicly; referenced by products and campaigns.
import { defineModule } from '../module.js';

export const mediaModule = defineModule({
  name: 'media',
  services: () => ({}),
});
