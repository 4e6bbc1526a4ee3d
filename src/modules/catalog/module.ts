// The product catalog (CONTRACT §8): one sellable SKU a product, kept by members and commerce
// backends (catalog:write), read by recommendations and campaigns.
import { defineModule } from '../module.js';

export const catalogModule = defineModule({
  name: 'catalog',
  services: () => ({}),
});
