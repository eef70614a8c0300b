#!/usr/bin/env node
// Checks the dependency direction of docs/architecture.md "Rules" over every
// packages/*/package.json and every import in packages/*/src/**/*.ts (tests, *.test.ts, excluded: they may use
// testkit and cross package lines freely), and that a package's third-party modules are declared where an install
// for use finds them: what its source loads in `dependencies`, what only its tests load in `devDependencies`. Prints `file: message` per violation and exits 1, else prints
// `dependency direction: ok (N files)`. Usage: node scripts/check-deps-direction.mjs [repo root]
// Imports are read with TypeScript's own pre-processor, so comments and strings never count as imports, and
// `export … from`, `import type`, `import('x')` and `import('x').T` all do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { runAsScript, sourceFiles } from './source-check.mjs';

const SCOPE = '@eval-factory/';
const FACTORY = [
  'config',
  'model-configs',
  'outputs',
  'executor',
  'suite',
  'summary',
  'viewer',
  'executors',
  'orchestrator',
  'cli',
];
/**
 * The suite and scale-out pipeline runs one way (docs/architecture.md): cli → orchestrator → executors → executor →
 * the engine's command line. Each of these packages is imported only by the ones listed here.
 */
const IMPORTED_ONLY_BY = {
  orchestrator: ['cli'],
  executors: ['orchestrator'],
};
const ENGINE_SIDE = ['engine', 'benchmarks', 'custom-benchmarks', 'metrics'];
/** Packages with a closed list of workspace imports; the others are limited only by the general rules below. */
const ALLOWED = {
  types: [],
  errors: [],
  metrics: ['types'],
  files: ['types', 'errors'],
  benchmarks: ['types', 'errors', 'metrics', 'files'],
  'custom-benchmarks': ['types', 'errors', 'metrics', 'files', 'benchmarks'],
  engine: ['types', 'errors', 'metrics', 'files', 'benchmarks', 'custom-benchmarks'],
};
/** Third-party modules that one stage folder owns (architecture.md: only clients talk HTTP, only cache stores). */
const CONFINED = [
  { modules: ['openai'], folder: 'packages/engine/src/clients', why: 'only engine/src/clients talks HTTP to models' },
  {
    modules: ['keyv', '@keyv/sqlite'],
    folder: 'packages/engine/src/cache',
    why: 'only engine/src/cache touches the cache store',
  },
];
const RUNTIME_DEP_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/** Why package `from` may not depend on workspace package `to`, or null when it may. */
export function workspaceRule(from, to) {
  if (from === to) return `${from} imports itself by name; use a relative import`;
  if (to === 'cli') return 'nothing imports cli (it is the top of the tree)';
  if (to === 'testkit') return 'testkit is imported only by tests and scripts (a devDependency)';
  const importers = IMPORTED_ONLY_BY[to];
  if (importers && !importers.includes(from))
    return `only ${importers.map((p) => SCOPE + p).join(', ')} imports ${to} (cli → orchestrator → executors → executor)`;
  const allowed = ALLOWED[from];
  if (allowed && !allowed.includes(to)) {
    if (allowed.length === 0) return `${from} depends on no workspace package`;
    return `${from} may import only ${allowed.map((p) => SCOPE + p).join(', ')}`;
  }
  if (FACTORY.includes(from) && ENGINE_SIDE.includes(to)) {
    return `factory package ${from} never imports engine, benchmarks or metrics (use ef-bench's command line and files)`;
  }
  return null;
}

/** The package a bare specifier names: `@scope/name/deep` → `@scope/name`, `yargs/helpers` → `yargs`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function lineOf(text, pos) {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Every import of one source file as `{ specifier, line }`. */
function importsOf(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => ({ specifier: f.fileName, line: lineOf(text, f.pos) }));
}

/** The violations of one import in `file` (a path relative to the root, `/`-separated) of package `pkg`. */
function checkImport(ctx, pkg, file, { specifier, line }) {
  const at = `imports '${specifier}' (line ${line})`;
  const out = [];
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = relative(ctx.root, resolve(ctx.root, dirname(file), specifier))
      .split(sep)
      .join('/');
    if (!target.startsWith(`packages/${pkg.dir}/`))
      out.push(`${at}: reaches outside its package; import the package by name`);
    return out;
  }
  if (specifier.startsWith('node:')) return out;
  const name = packageOf(specifier);
  if (builtinModules.includes(name)) return out;
  for (const rule of CONFINED) {
    if (rule.modules.includes(name) && !file.startsWith(`${rule.folder}/`)) out.push(`${at}: ${rule.why}`);
  }
  if (!name.startsWith(SCOPE)) {
    pkg.used.add(name);
    // An install for use (npm install --omit=dev, a package's own install) leaves devDependencies out.
    if (!RUNTIME_DEP_FIELDS.some((f) => pkg.json[f]?.[name] !== undefined)) {
      const dev = pkg.json.devDependencies?.[name] !== undefined ? ' (it is only a devDependency)' : '';
      out.push(`${at}: ${name} is loaded at run time but not in packages/${pkg.dir}/package.json dependencies${dev}`);
    }
    return out;
  }
  const to = name.slice(SCOPE.length);
  const target = ctx.packages.get(to);
  if (!target) return [...out, `${at}: no workspace package ${name}`];
  // A subpath is an entry point only when the package declares it in `exports` (e.g. '@eval-factory/executor/prestart').
  const subpath = `.${specifier.slice(name.length)}`;
  if (specifier !== name && target.json.exports?.[subpath] === undefined) {
    out.push(`${at}: deep import; import '${name}' (or a subpath its package.json exports)`);
  }
  const why = workspaceRule(pkg.dir, to);
  if (why) out.push(`${at}: ${why}`);
  else if (!RUNTIME_DEP_FIELDS.some((f) => pkg.json[f]?.[name] !== undefined)) {
    out.push(`${at}: ${name} is not declared in packages/${pkg.dir}/package.json dependencies`);
  }
  return out;
}

/** The violations of one package.json: declared workspace dependencies that break the direction. */
function checkManifest(pkg) {
  const out = [];
  for (const field of [...RUNTIME_DEP_FIELDS, 'devDependencies']) {
    for (const name of Object.keys(pkg.json[field] ?? {})) {
      if (!name.startsWith(SCOPE)) continue;
      const to = name.slice(SCOPE.length);
      // Tests may use anything but cli; devDependencies only feed tests.
      const why =
        field === 'devDependencies' ? (to === 'cli' ? workspaceRule(pkg.dir, to) : null) : workspaceRule(pkg.dir, to);
      if (why) out.push(`${field} lists ${name}: ${why}`);
    }
  }
  return out;
}

/** Third-party `dependencies` that no source file of the package imports: only its tests use them. */
function testOnlyDependencies(pkg) {
  return Object.keys(pkg.json.dependencies ?? {})
    .filter((name) => !name.startsWith(SCOPE) && !pkg.used.has(name))
    .map((name) => `dependencies lists ${name}, which only tests import: move it to devDependencies`);
}

/**
 * Checks the tree under `root` (default: this repository).
 * @returns {{ files: number, violations: { file: string, message: string }[] }} files = package.json + source files read
 */
export function checkDependencyDirection(root = resolve(dirname(fileURLToPath(import.meta.url)), '..')) {
  const packagesDir = join(root, 'packages');
  const packages = new Map();
  for (const dir of existsSync(packagesDir) ? readdirSync(packagesDir).sort() : []) {
    const manifest = join(packagesDir, dir, 'package.json');
    if (existsSync(manifest))
      packages.set(dir, { dir, json: JSON.parse(readFileSync(manifest, 'utf8')), used: new Set() });
  }
  const ctx = { root, packages };
  const violations = [];
  let files = 0;
  for (const pkg of packages.values()) {
    files++;
    if (pkg.json.name !== SCOPE + pkg.dir) {
      violations.push({
        file: `packages/${pkg.dir}/package.json`,
        message: `name is ${pkg.json.name}, expected ${SCOPE}${pkg.dir}`,
      });
    }
    for (const message of checkManifest(pkg)) violations.push({ file: `packages/${pkg.dir}/package.json`, message });
    for (const path of sourceFiles(join(packagesDir, pkg.dir, 'src'))) {
      files++;
      const file = relative(root, path).split(sep).join('/');
      for (const imp of importsOf(readFileSync(path, 'utf8'))) {
        for (const message of checkImport(ctx, pkg, file, imp)) violations.push({ file, message });
      }
    }
    for (const message of testOnlyDependencies(pkg))
      violations.push({ file: `packages/${pkg.dir}/package.json`, message });
  }
  return { files, violations };
}

runAsScript(import.meta.url, 'dependency direction', checkDependencyDirection);
