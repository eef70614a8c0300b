import { loadFramework, listTasks } from '@eval-factory/config';
import { findFrameworkFile } from '../framework-path.js';

/**
 * `eval-factory ls` (docs/configuration.md): `<framework>:` then `  * <config.type>` per non-internal task, exactly,
 * on stdout (pipelines parse it); tasks this version cannot run yet are named on stderr.
 */
export function lsCommand(
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): void {
  const file = findFrameworkFile();
  if (!file) {
    out.write('NO evaluation packages are installed.\n');
    return;
  }
  const framework = loadFramework(file);
  const tasks = listTasks(framework);
  out.write(`${[`${framework.framework.name}:`, ...tasks.map((t) => `  * ${t.type}`)].join('\n')}\n`);
  const pending = tasks.filter((t) => t.available === false).map((t) => t.type);
  if (pending.length) err.write(`note: not yet available in this version: ${pending.join(', ')}\n`);
}
