// The media library (CONTRACT §8): images uploaded by members and commerce backends (catalog:write),
// stored in the database in chunks, served publicly; the library other modules reference items
// through (products, campaigns), and `storefront media upload`.
import { str } from '../../cli/command.js';
import { defineModule } from '../module.js';
import { uploadDemoImages } from './demo-images.js';
import { createMediaService } from './media-service.js';
import { mediaRoutes } from './routes.js';
import { uploadCommands } from './upload-commands.js';
import { uploadFiles } from './upload-files.js';

export const mediaModule = defineModule({
  name: 'media',
  services: (ctx) =>
    createMediaService({
      db: ctx.db,
      secrets: ctx.secrets,
      maxBytes: ctx.config.mediaMaxBytes,
      sites: ctx.kernel.siteDirectory,
      users: ctx.mediaUsers,
      publicBaseUrl: ctx.config.publicBaseUrl,
      limits: ctx.config.limits,
    }),
  routes: (media, ctx) => [{ prefix: '/api/v1', plugin: mediaRoutes(media, { publicBaseUrl: ctx.config.publicBaseUrl }) }],
  mediaLibrary: (media) => media.library,
  commands: {
    'media upload': {
      kind: 'caller',
      usage: `media upload --site SITE FILE…                upload images (JPEG, PNG, WebP, GIF, AVIF) to the site's media library;
                                                FILEs are read here, relative to this directory; one line a file`,
      options: { site: { type: 'string' } },
      positionals: true,
      run: (execute, o, files) => uploadFiles(execute, str(o, 'site')!, files),
    },
  },
  internalCommands: uploadCommands,
  // The demo site's product images (the catalog's step uses them).
  async firstStart(media, start) {
    if (start.demoSite) start.made.demoImages = await uploadDemoImages(media, start.owner, start.demoSite.site_id);
  },
});
