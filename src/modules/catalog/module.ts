// The product catalog (CONTRACT §8): one sellable SKU a product, kept by members and commerce
// backends (catalog:write) over HTTP and imported from files with `storefront products import`;
// read by recommendations (the kernel's product shelf). It uses media items (a product's image):
// the media module asks it before deleting one.
import { str } from '../../cli/command.js';
import { defineModule } from '../module.js';
import { IMPORT_PRODUCTS_COMMAND, importProductsCommand, importProductsFile } from './import-products.js';
import { createDemoProducts } from './demo-products.js';
import { createProductShelf } from './product-shelf.js';
import { createProductsService } from './products-service.js';
import { catalogRoutes } from './routes.js';

export const catalogModule = defineModule({
  name: 'catalog',
  services: (ctx) => ({
    products: createProductsService({ db: ctx.db, sites: ctx.kernel.siteDirectory, secrets: ctx.secrets, media: ctx.mediaLibrary }),
    shelf: createProductShelf(ctx.db),
  }),
  routes: ({ products }) => [{ prefix: '/api/v1', plugin: catalogRoutes(products) }],
  mediaUser: ({ products }) => ({ usesMedia: products.usesMedia }),
  productShelf: ({ shelf }) => shelf,
  firstStart: ({ products }, start) => createDemoProducts(products, start),
  commands: {
    'products import': {
      kind: 'caller',
      usage: `products import --site SITE --file F           import products from JSON Lines (one product a line, as in a bulk
                                                request) or CSV (a header row: product_id,title,url,price,currency,
                                                availability[,group_id,description,image_media_id,image_url,sale_price,
                                                categories (paths separated by |),brand,updated_at,attributes.<name>…]);
                                                F is read here, relative to this directory`,
      options: { site: { type: 'string' }, file: { type: 'string' } },
      async run(execute, o) {
        const summary = await importProductsFile(execute, { siteId: str(o, 'site')!, file: str(o, 'file')!, progress: process.stderr.isTTY === true });
        return { ...summary };
      },
    },
  },
  internalCommands: { [IMPORT_PRODUCTS_COMMAND]: ({ products }, input) => importProductsCommand(products, input) },
});
