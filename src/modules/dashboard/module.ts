// The merchant dashboard at /app (CONTRACT §12): its page and bundle (dashboard/, built with esbuild
// when first asked for), and the sign-in it needs: which sign-in the page uses, and ID tokens of the
// local issuer for a user name (the embedded and development setups).
import { defineModule } from '../module.js';
import { createSignIn } from './sign-in.js';
import { dashboardPageRoutes } from './page-routes.js';
import { signInRoutes } from './routes.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  services: (ctx) => ({ signIn: createSignIn({ config: ctx.config, idTokens: ctx.idTokens, limiter: ctx.limiter }) }),
  routes: ({ signIn }, ctx) => [
    { prefix: '/api/v1', plugin: signInRoutes(signIn, ctx.config.trustProxy !== false) },
    { prefix: '', plugin: dashboardPageRoutes(ctx.config) },
  ],
});
