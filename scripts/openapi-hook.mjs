// A module resolve hook: openapi-typescript needs TypeScript 5's compiler API, and the project's
// `typescript` is TypeScript 7 (native, without one); inside openapi-typescript, `typescript` is
// the aliased `typescript5`.
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/openapi-typescript/')) return next('typescript5', context);
  return next(specifier, context);
}
