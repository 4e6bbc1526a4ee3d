// Types of sdk/build.mjs for the service, which bundles the SDK with the same options.
import type { BuildOptions } from 'esbuild';

export type SdkEntry = 'storefront' | 'render';
export type SdkFormat = 'iife' | 'esm';
export const SDK_BUNDLES: {
  readonly 'storefront.js': { readonly entry: 'storefront'; readonly format: 'iife' };
  readonly 'storefront.mjs': { readonly entry: 'storefront'; readonly format: 'esm' };
  readonly 'render.mjs': { readonly entry: 'render'; readonly format: 'esm' };
};
export type SdkFile = keyof typeof SDK_BUNDLES;
export function sdkBuildOptions(format: SdkFormat, entry?: SdkEntry): BuildOptions;
