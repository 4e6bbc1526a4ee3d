// Types of sdk/build.mjs for the service, which bundles the SDK with the same options.
import type { BuildOptions } from 'esbuild';

export function sdkBuildOptions(format: 'iife' | 'esm'): BuildOptions;
