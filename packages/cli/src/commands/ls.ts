import { listTasks, loadPreparsedFramework } from '@eval-factory/config/listing';
import { findFrameworkFile } from '@eval-factory/orchestrator/start-up';

/**
 * The stdout lines of `ls`, byte for byte as NeMo Evaluator's own `ls` prints them: `<framework>: ` (with the
 * trailing space NeMo's `print(f"{name}: ")` writes) then `  * <task>` per task. Pipelines written for NeMo parse
 * these lines, so nothing else goes on stdout (docs/configuration.md#compatibility).
 * @example nemoLsLines('helm', ['pubmed_qa']) // 'helm: \n  * pubmed_qa\n'
 */
export function nemoLsLines(framework: string, tasks: readonly string[]): string {
  return [`${framework}: `, ...tasks.map((t) => `  * ${t}`)].map((line) => `${line}\n`).join('');
}

type TaskListing = ReturnType<typeof listTasks>[number];

/** `--debug`: where the list comes from and what each task is, on stderr (stdout stays NeMo's shape). */
function debugLines(file: string, tasks: readonly TaskListing[]): string {
  const lines = [
    `debug: framework file ${file}`,
    ...tasks.map((t) =>
      `debug:   ${t.type} (evaluation ${t.name}${t.available === false ? ', not yet available' : ''}): ${t.description}`.trimEnd(),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `eval-factory ls` (docs/configuration.md): NeMo's lines on stdout (pipelines parse them); tasks this version
 * cannot run yet are named on stderr, and `--debug` adds details there.
 */
export async function lsCommand(
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  debug = false,
): Promise<void> {
  const file = findFrameworkFile();
  if (!file) {
    out.write('NO evaluation packages are installed.\n');
    return;
  }
  // The framework as the build parsed and validated it; the YAML parser and the schema validators (~0.5 MB of code
  // to compile, a third of `ls`'s start-up) are loaded only when framework.yml has changed since.
  const framework = loadPreparsedFramework(file) ?? (await import('@eval-factory/config')).loadFramework(file);
  const tasks = listTasks(framework);
  out.write(
    nemoLsLines(
      framework.framework.name,
      tasks.map((t) => t.type),
    ),
  );
  const pending = tasks.filter((t) => t.available === false).map((t) => t.type);
  if (pending.length) err.write(`note: not yet available in this version: ${pending.join(', ')}\n`);
  if (debug) err.write(debugLines(file, tasks));
}
