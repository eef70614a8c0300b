import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { runPaths } from './serve.js';
import { BOOTSTRAP_FLAGS, bootstrapFromArgs, type BootstrapArgs } from '@eval-factory/orchestrator/start-up';

/**
 * Flags of `eval-factory report`: the viewer's pages as one self-contained HTML file that opens from
 * disk with no network. @eval-factory/viewer is loaded only when the command runs.
 */
export const REPORT_FLAGS = {
  out: { type: 'string', default: 'report.html', describe: 'the HTML file to write' },
  runs: {
    type: 'string',
    array: true,
    describe: 'run folders, or folders above them (also as positional arguments; default: ./results)',
  },
  max_instances: { type: 'number', describe: 'put at most this many instances per run into the file (default: all)' },
  title: { type: 'string', describe: 'title of the page (default: eval-factory report)' },
  ...BOOTSTRAP_FLAGS,
} as const;

export interface ReportArgs extends BootstrapArgs {
  readonly out?: string;
  readonly runs?: readonly string[];
  readonly dirs?: readonly string[];
  readonly max_instances?: number;
  readonly title?: string;
}

/** `eval-factory report`: writes the file and says on stderr what it holds. */
export async function reportCommand(args: ReportArgs, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  const bootstrap = bootstrapFromArgs(args);
  const max = args.max_instances;
  if (max !== undefined && (!Number.isInteger(max) || max < 0)) {
    throw new UserError(
      'EF_USAGE',
      `--max_instances must be a whole number, got ${max}`,
      'run `eval-factory report --help`',
      EXIT.usage,
    );
  }
  const { RunCatalog, buildReport } = await import('@eval-factory/viewer');
  const catalog = RunCatalog.open(runPaths(args), { bootstrap });
  const file = resolve(args.out ?? 'report.html');
  // Built before the write: only a failure to write the file is the --out path's fault.
  const written = await buildReport(catalog, {
    maxInstances: max ?? null,
    ...(args.title ? { title: args.title } : {}),
  });
  try {
    mkdirSync(dirname(file), { recursive: true });
    await writeFile(file, written.html, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code || !['EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ENOENT', 'EROFS', 'ENOSPC'].includes(code)) throw error;
    throw new UserError(
      'EF_REPORT_WRITE',
      `cannot write ${file}: ${code}`,
      'choose another --out path, in a folder you can write to',
    );
  }
  err.write(
    `wrote ${file} (${(Buffer.byteLength(written.html) / 1024 / 1024).toFixed(1)} MB: ${written.runs} run${written.runs === 1 ? '' : 's'}, ${written.instances} instances); it opens from disk with no network\n`,
  );
  return EXIT.ok;
}
