// What the checks over the packages' source share (check-deps-direction.mjs, check-source-shape.mjs): which files
// are source, and how a check reports when run as a script.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every source file below `dir`, in path order: `*.ts`, not tests, not declarations, not node_modules or dist. */
export function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sourceFiles(path));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/**
 * When the module at `moduleUrl` is the script node runs: runs `check` on the root given as the first argument
 * (default: its own), prints `file: message` per violation and `<name>: ok (N files)` or the count, and sets the
 * exit code (1 on any violation).
 */
export function runAsScript(moduleUrl, name, check) {
  if (!process.argv[1] || pathToFileURL(resolve(process.argv[1])).href !== moduleUrl) return;
  const { files, violations } = check(process.argv[2] ? resolve(process.argv[2]) : undefined);
  for (const v of violations) console.log(`${v.file}: ${v.message}`);
  if (violations.length > 0) {
    console.log(`${name}: ${violations.length} violation(s) (docs/architecture.md "Rules")`);
    process.exitCode = 1;
    return;
  }
  console.log(`${name}: ok (${files} files)`);
}
