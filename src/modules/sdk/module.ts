// The browser SDK, served as a script and as an ES module.
import { defineModule } from '../module.js';
import { sdkRoutes } from './routes.js';

export const sdkModule = defineModule({
  name: 'sdk',
  services: () => ({}),
  routes: () => [{ prefix: '', plugin: sdkRoutes }],
});
