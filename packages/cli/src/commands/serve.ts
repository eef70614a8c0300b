import { EXIT, UserError } from '@eval-factory/errors';
import { BOOTSTRAP_FLAGS, bootstrapFromArgs, type BootstrapArgs } from '@eval-factory/orchestrator/start-up';

/**
 * Flags of `eval-factory serve`: a local web viewer over run folders. @eval-factory/viewer is loaded only
 * when the command runs, so main.ts can import this table at start-up for free.
 */
export const SERVE_FLAGS = {
  runs: {
    type: 'string',
    array: true,
    describe: 'run folders, or folders above them (also as positional arguments; default: ./results)',
  },
  port: { type: 'number', default: 8765, describe: 'port to listen on (0 picks a free one)' },
  host: {
    type: 'string',
    default: '127.0.0.1',
    describe: 'address to listen on; anything but loopback shows your prompts and answers to the network',
  },
  ...BOOTSTRAP_FLAGS,
} as const;

export interface ServeArgs extends BootstrapArgs {
  readonly runs?: readonly string[];
  /** Positional folders (`serve results/ other/`). */
  readonly dirs?: readonly string[];
  readonly port?: number;
  readonly host?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The folders to read: --runs and positional ones, else ./results. */
export function runPaths(args: { readonly runs?: readonly string[]; readonly dirs?: readonly string[] }): string[] {
  const paths = [...(args.runs ?? []), ...(args.dirs ?? [])];
  return paths.length ? paths : ['results'];
}

function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UserError(
      'EF_USAGE',
      `--port must be an integer from 0 to 65535, got ${port}`,
      'run `eval-factory serve --help`',
      EXIT.usage,
    );
  }
  return port;
}

export interface StartedServe {
  readonly url: string;
  close(): Promise<void>;
}

/** Reads the runs, computes the leaderboard (so errors show now, not on the first page), and starts listening. */
export async function startServe(
  args: ServeArgs,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<StartedServe> {
  const bootstrap = bootstrapFromArgs(args);
  const port = checkPort(args.port ?? 8765);
  const host = args.host ?? '127.0.0.1';
  const { RunCatalog, startViewerServer } = await import('@eval-factory/viewer');
  const paths = runPaths(args);
  const catalog = RunCatalog.open(paths, { bootstrap });
  const overview = await catalog.overview();
  if (!LOOPBACK.has(host))
    err.write(
      `warning[EF_SERVE_EXPOSED]: listening on ${host}: anyone who can reach this machine on port ${port} can read every prompt and answer of these runs\n`,
    );
  const server = await startViewerServer({
    catalog,
    host,
    port,
    onError: (e) => err.write(`viewer: ${e instanceof Error ? e.message : String(e)}\n`),
  });
  out.write(
    `eval-factory viewer: ${overview.runs.length} run${overview.runs.length === 1 ? '' : 's'} from ${paths.join(', ')}\n  ${server.url}\n  (Ctrl-C to stop)\n`,
  );
  return server;
}

/**
 * `eval-factory serve`: serves the viewer until Ctrl-C or SIGTERM (or `stop` aborts, for tests), then exits 0:
 * stopping is how a server ends normally.
 */
export async function serveCommand(
  args: ServeArgs,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  stop?: AbortSignal,
): Promise<number> {
  const server = await startServe(args, out, err);
  await new Promise<void>((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    if (stop?.aborted) done();
    else stop?.addEventListener('abort', done);
  });
  await server.close();
  return EXIT.ok;
}
