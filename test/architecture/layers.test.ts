// The code's shape, checked (issue #13, ENGINEERING.md): the layers and who may import whom, no
// import cycles, SQL only in repositories, repository rows never leaving repositories, one home of
// schema compilation, no function body over 80 lines, no `any` or `as never`, and tests that mirror
// src/. Read from the sources with a real TypeScript parser, never by running them.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from '@babel/parser';

const ROOT = path.resolve(import.meta.dirname, '../..');

const MAX_FUNCTION_LINES = 80;

/** Composition: the only files that know every module (they wire the registry's modules into the app, the services and the CLI). */
const COMPOSITION = new Set(['src/app.ts', 'src/services.ts', 'src/server.ts', 'src/bootstrap.ts', 'src/cli/commands.ts', 'src/cli/main.ts', 'src/cli/run-locally.ts', 'src/cli/control-socket.ts']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir)).sort()) {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel, out);
    else if (rel.endsWith('.ts') && !rel.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

interface Node {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

function visit(node: Node, f: (n: Node, parent: Node | undefined) => void, parent?: Node): void {
  f(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) visit(child, f, node);
    if (isNode(value)) visit(value, f, node);
  }
}

interface Import {
  /** The file imported (relative to the root), or the package name. */
  target: string;
  names: string[];
}

interface SourceFile {
  file: string;
  ast: Node;
  imports: Import[];
}

function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return joined.replace(/\.js$/, '.ts');
}

function read(file: string): SourceFile {
  const ast = parse(readFileSync(path.join(ROOT, file), 'utf8'), { sourceType: 'module', plugins: ['typescript'] }).program as unknown as Node;
  const imports: Import[] = [];
  visit(ast, (n) => {
    const source = n.source as { value?: unknown } | null | undefined;
    if ((n.type === 'ImportDeclaration' || n.type === 'ExportNamedDeclaration' || n.type === 'ExportAllDeclaration') && typeof source?.value === 'string') {
      const specifiers = (n.specifiers as { imported?: { name?: string }; local?: { name?: string } }[] | undefined) ?? [];
      imports.push({ target: resolve(file, source.value), names: specifiers.map((s) => s.imported?.name ?? s.local?.name ?? '') });
    }
    if (n.type === 'ImportExpression' || (n.type === 'CallExpression' && (n.callee as Node).type === 'Import')) {
      const arg = (n.source ?? (n.arguments as Node[])[0]) as { value?: unknown } | undefined;
      if (typeof arg?.value === 'string') imports.push({ target: resolve(file, arg.value), names: [] });
    }
  });
  return { file, ast, imports };
}

const SOURCES = [...walk('src'), ...walk('sdk/src')].map(read);
const SERVER = SOURCES.filter((s) => s.file.startsWith('src/'));

const moduleOf = (file: string): string | undefined => /^src\/modules\/([^/]+)\//.exec(file)?.[1];
const isModuleFile = (file: string) => moduleOf(file) !== undefined;
const isRepository = (file: string) => file.endsWith('-repository.ts');

/** Every (file, import) pair for which `allowed` says no. */
function violations(allowed: (file: string, target: string) => boolean): string[] {
  return SERVER.flatMap((s) => s.imports.filter((i) => i.target.startsWith('src/') && !allowed(s.file, i.target)).map((i) => `${s.file} imports ${i.target}`));
}

describe('layers', () => {
  it('every import of the sources resolves to a file', () => {
    const missing = SERVER.flatMap((s) => s.imports.filter((i) => i.target.startsWith('src/') && !existsSync(path.join(ROOT, i.target))).map((i) => `${s.file}: ${i.target}`));
    assert.deepEqual(missing, []);
  });

  it('a module imports its own files, the module contract, the kernel’s interface and the infrastructure: never another module, never composition', () => {
    const bad = violations((file, target) => {
      const m = moduleOf(file);
      if (m === undefined) return true;
      if (moduleOf(target) !== undefined) return moduleOf(target) === m;
      if (target.startsWith('src/kernel/')) return target === 'src/kernel/index.ts';
      if (target === 'src/modules/index.ts') return false;
      return !COMPOSITION.has(target);
    });
    assert.deepEqual(bad, []);
  });

  it('outside the modules, only composition knows the registry, and nothing reaches into a module’s folder', () => {
    const bad = violations((file, target) => {
      if (isModuleFile(file)) return true;
      // The registry lists each module by its module.ts, and only by it.
      if (isModuleFile(target)) return file === 'src/modules/index.ts' && target.endsWith('/module.ts');
      if (target === 'src/modules/index.ts') return COMPOSITION.has(file);
      return true;
    });
    assert.deepEqual(bad, []);
  });

  it('outside the kernel, the kernel is read through kernel/index.ts only', () => {
    const bad = violations((file, target) => !target.startsWith('src/kernel/') || file.startsWith('src/kernel/') || target === 'src/kernel/index.ts');
    assert.deepEqual(bad, []);
  });

  it('infrastructure and the kernel import no module and no composition file', () => {
    const bad = violations((file, target) => {
      if (isModuleFile(file) || COMPOSITION.has(file) || file === 'src/modules/module.ts' || file === 'src/modules/index.ts') return true;
      return !target.startsWith('src/modules/') && !COMPOSITION.has(target);
    });
    assert.deepEqual(bad, []);
  });

  it('pure domain values (src/domain) import nothing of storage, HTTP, the kernel or modules', () => {
    const bad = violations((file, target) => !file.startsWith('src/domain/') || target.startsWith('src/domain/') || target === 'src/errors.ts');
    assert.deepEqual(bad, []);
  });

  it('has no import cycles (type-only imports included)', () => {
    const graph = new Map(SERVER.map((s) => [s.file, [...new Set(s.imports.map((i) => i.target).filter((t) => t.startsWith('src/')))]]));
    // Tarjan's strongly connected components: a component of more than one file is a cycle.
    let index = 0;
    const indexes = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const connect = (v: string) => {
      indexes.set(v, index);
      low.set(v, index);
      index += 1;
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!indexes.has(w)) {
          connect(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexes.get(w)!));
      }
      if (low.get(v) === indexes.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!indexes.has(v)) connect(v);
    assert.deepEqual(cycles, []);
  });
});

describe('storage and validation', () => {
  it('SQL is run only by repositories and the database infrastructure', () => {
    const bad = SERVER.filter((s) => !isRepository(s.file) && !s.file.startsWith('src/db/')).flatMap((s) => {
      const found: string[] = [];
      visit(s.ast, (n) => {
        const callee = n.type === 'CallExpression' ? (n.callee as Node) : undefined;
        const name = callee?.type === 'MemberExpression' ? (callee.property as { name?: string }).name : undefined;
        if (name === 'query' || name === 'exec' && (n.arguments as Node[]).some((a) => a.type === 'TemplateLiteral')) found.push(`${s.file}:${n.loc?.start.line}`);
      });
      return found;
    });
    assert.deepEqual(bad, []);
  });

  it('repository rows stay in repositories: a *Row type is imported by repositories only', () => {
    const bad = SERVER.filter((s) => !isRepository(s.file)).flatMap((s) =>
      s.imports.filter((i) => isRepository(i.target) || i.target === 'src/kernel/index.ts').flatMap((i) => i.names.filter((n) => /Row$/.test(n)).map((n) => `${s.file} imports ${n} from ${i.target}`)),
    );
    assert.deepEqual(bad, []);
  });

  it('schemas are compiled in one place (src/validation), and nothing outside HTTP imports fastify’s validation errors', () => {
    const bad = SERVER.flatMap((s) => s.imports.filter((i) => i.target === 'typebox/compile' && !s.file.startsWith('src/validation/')).map(() => `${s.file} compiles a schema`));
    assert.deepEqual(bad, []);
  });

  it('services, use cases and rules never import HTTP (only routes, schemas and the module’s wiring do)', () => {
    const HTTP_SIDE = /\/(routes|schemas|module)\.ts$|-schemas\.ts$/;
    const bad = violations((file, target) => !isModuleFile(file) || HTTP_SIDE.test(file) || !target.startsWith('src/http/') || target === 'src/http/common-schemas.ts');
    assert.deepEqual(bad, []);
  });
});

describe('functions and types', () => {
  it(`no function body is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const long: string[] = [];
    for (const s of SOURCES) {
      visit(s.ast, (n) => {
        const body = n.body as Node | undefined;
        const isFunction = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod'].includes(n.type);
        if (!isFunction || body?.type !== 'BlockStatement' || !body.loc) return;
        const lines = body.loc.end.line - body.loc.start.line - 1;
        const name = (n.id as { name?: string } | null | undefined)?.name ?? '';
        if (lines > MAX_FUNCTION_LINES) long.push(`${s.file}:${n.loc?.start.line} ${name} (${lines} lines)`);
      });
    }
    assert.deepEqual(long, []);
  });

  it('no `any` and no `as never` in the sources', () => {
    const bad: string[] = [];
    for (const s of SOURCES) {
      visit(s.ast, (n) => {
        if (n.type === 'TSAnyKeyword') bad.push(`${s.file}:${n.loc?.start.line} any`);
        if (n.type === 'TSAsExpression' && (n.typeAnnotation as Node).type === 'TSNeverKeyword') bad.push(`${s.file}:${n.loc?.start.line} as never`);
      });
    }
    assert.deepEqual(bad, []);
  });
});

describe('tests', () => {
  it('mirror src/: test/modules/<module>/, test/<folder of src>/, test/app for src’s own files, test/sdk, test/contract, test/architecture and test/docs (the documentation’s own checks); none loose', () => {
    const tests = walk('test').filter((f) => f.endsWith('.test.ts'));
    const srcFolders = new Set(readdirSync(path.join(ROOT, 'src')).filter((d) => statSync(path.join(ROOT, 'src', d)).isDirectory()));
    const modules = new Set(readdirSync(path.join(ROOT, 'src/modules')).filter((d) => statSync(path.join(ROOT, 'src/modules', d)).isDirectory()));
    const misplaced = tests.filter((file) => {
      const [, first, second] = file.split('/');
      if (second === undefined) return true;
      if (first === 'modules') return !modules.has(second) || !file.split('/')[3];
      return !(srcFolders.has(first!) || ['app', 'sdk', 'contract', 'architecture', 'docs'].includes(first!));
    });
    assert.deepEqual(misplaced, []);
  });
});
