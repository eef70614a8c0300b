/**
 * The executor → engine start-up contract. The factory may start the engine before it knows the command line (so
 * the engine loads its modules while the factory is still validating the config and writing model configs); an
 * engine started with this flag alone reads its real argv as one JSON array of strings on a line of stdin, then runs
 * exactly as if it had been started with them. End of input without a line means "not needed": it exits quietly.
 */
export const ENGINE_ARGV_ON_STDIN = '--argv-on-stdin';

/**
 * The environment the factory changed after it started an engine early (a suite's prod_env sets the keys it read
 * from credentials.conf): variables set since (a value) or removed since (null). The engine takes them before it
 * runs the command line, so it runs as if started with them.
 */
export type EngineEnvChanges = Readonly<Record<string, string | null>>;

/** A process's environment (`process.env`, or a copy of it). */
export type EnvSnapshot = Readonly<Record<string, string | undefined>>;

/**
 * What changed in `now` since `then` (an engine's environment when it was started): each variable set or changed,
 * and each removed (null). Empty when nothing changed.
 * @example envChangesSince({ A: '1', B: '2' }, { A: '1', C: '3' }) // { C: '3', B: null }
 */
export function envChangesSince(then: EnvSnapshot, now: EnvSnapshot): EngineEnvChanges {
  const changes: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(now))
    if (value !== undefined && then[name] !== value) changes[name] = value;
  for (const [name, value] of Object.entries(then))
    if (value !== undefined && now[name] === undefined) changes[name] = null;
  return changes;
}

/**
 * A YAML file the factory has just written for the engine (model_configs/model_deployments.yaml), handed over with
 * the command line: its path, its exact text and that text parsed by the same YAML parser the engine uses. The
 * engine takes `value` instead of parsing the file again (a cold parse was 10–15 ms of its CPU before its first
 * request) only while the file holds exactly `text`.
 */
export interface ParsedFile {
  readonly file: string;
  readonly text: string;
  readonly value: unknown;
}

/** What the factory hands an early engine on its stdin line (`engineCommandLine`). */
export interface EngineCommand {
  readonly argv: string[];
  readonly env: EngineEnvChanges;
  readonly parsed: readonly ParsedFile[];
}

/**
 * The stdin line (with its newline) that hands an early engine its command line: the JSON array of its arguments,
 * or, when the environment changed since it started or files come parsed with it,
 * `{"argv": [...], "env": {...}, "parsed": [...]}` (the line is never logged).
 */
export function engineCommandLine(
  args: readonly string[],
  env: EngineEnvChanges = {},
  parsed: readonly ParsedFile[] = [],
): string {
  if (Object.keys(env).length === 0 && parsed.length === 0) return `${JSON.stringify(args)}\n`;
  return `${JSON.stringify(parsed.length === 0 ? { argv: args, env } : { argv: args, env, parsed })}\n`;
}

/** Reads `engineCommandLine`'s line; null when it is neither form. */
export function readEngineCommandLine(text: string): EngineCommand | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((a) => typeof a === 'string');
  if (strings(value)) return { argv: value, env: {}, parsed: [] };
  if (value === null || typeof value !== 'object') return null;
  const { argv, env, parsed = [] } = value as { argv?: unknown; env?: unknown; parsed?: unknown };
  if (!strings(argv) || env === null || typeof env !== 'object' || Array.isArray(env)) return null;
  const entries = Object.entries(env as Record<string, unknown>);
  if (!entries.every(([, v]) => v === null || typeof v === 'string')) return null;
  if (!Array.isArray(parsed) || !parsed.every(isParsedFile)) return null;
  return { argv, env: Object.fromEntries(entries) as EngineEnvChanges, parsed };
}

function isParsedFile(p: unknown): p is ParsedFile {
  const { file, text } = (p ?? {}) as { file?: unknown; text?: unknown };
  return typeof file === 'string' && typeof text === 'string' && Object.hasOwn(p as object, 'value');
}

/**
 * A suite prepares a job's engine while the job before it still sends, and hands the endpoint's slots from one job
 * to the next during the last requests of the one before (docs/architecture.md, "Suites on one machine"). An engine
 * started with `--argv-on-stdin` and this variable set to `1` does everything up to its first request (data,
 * prompts, cache) and then waits for its slots, given on further lines of stdin (`sendGoLine`):
 * - `go N`: the job may have N requests in flight in all (N only grows; the first such line lets it send);
 * - `go`: the job has the run's whole parallelism; always the last line.
 * End of input before `go` means "stop": the engine stops as on SIGTERM. While it runs, such an engine gives up
 * the slots it will not need again (its last requests: it keeps one per request not yet finalised, so its
 * retries still fit) and says so on stderr, `ENGINE_SLOTS_PREFIX` and the number of slots given up so far; the
 * factory passes them on to the next job as `go N`. The two jobs never hold more than the parallelism together.
 */
export const ENGINE_SEND_GATE_ENV = 'EF_SEND_GATE';
export const ENGINE_SEND_GO = 'go';

/**
 * A suite runs several jobs, one after another, in one engine process (docs/architecture.md, "Suites"): an engine
 * started with `--argv-on-stdin` and this variable set (to a token its factory chose) does not exit after its job.
 * It writes `jobEndLine(token, exit code)` on stdout and then on stderr, once everything else of the job is written
 * to each, and reads the next job's argv from stdin (then that job's grants, when gated). End of input: it exits
 * with 0. The token keeps a line of the job's own output (a warning quoting a data file) from passing for the end.
 */
export const ENGINE_REUSE_ENV = 'EF_ENGINE_REUSE';
export const ENGINE_JOB_END = '@ef-job-end';

/** The line (with its newline) that ends a job of a reused engine. */
export function jobEndLine(token: string, code: number): string {
  return `${ENGINE_JOB_END} ${token} ${code}\n`;
}

/** Engine → factory, on stderr: `@ef-slots N`, N = slots of its grant given up for good so far (only grows). */
export const ENGINE_SLOTS_PREFIX = '@ef-slots ';

/** A grant of slots: a count, or `all` (the run's whole parallelism). */
export type SlotGrant = number | 'all';

/**
 * The slot hand-over above, as each side holds a suite job's grant: the factory's (`FactorySlotHandover`,
 * @eval-factory/executor) is given the slots the job before gives up and writes each grant to the job's engine
 * (`sendGoLine`); the engine's (`EngineSlotHandover`, engine runner) reads them (`readSendGo`), lets that many
 * requests out and reports the slots it gives up in turn (`slotsLine`). A smaller count than before changes nothing.
 */
export interface SlotHandover {
  give(slots: SlotGrant): void;
}

/** The stdin line (with its newline) that grants `slots` to a gated engine. */
export function sendGoLine(slots: SlotGrant): string {
  return slots === 'all' ? `${ENGINE_SEND_GO}\n` : `${ENGINE_SEND_GO} ${slots}\n`;
}

const GO_SLOTS = new RegExp(`^${ENGINE_SEND_GO} (\\d+)$`);

/** A gated engine's reading of a stdin line: the grant it carries, or null for a line that is not one. */
export function readSendGo(line: string): SlotGrant | null {
  const text = line.trim();
  if (text === ENGINE_SEND_GO) return 'all';
  const m = GO_SLOTS.exec(text);
  return m ? Number(m[1]) : null;
}

/** The engine's stderr line saying it has given up `released` slots in all. */
export function slotsLine(released: number): string {
  return `${ENGINE_SLOTS_PREFIX}${released}\n`;
}

/** The count of a stderr line made by `slotsLine`, or null for any other line. */
export function readSlotsLine(line: string): number | null {
  if (!line.startsWith(ENGINE_SLOTS_PREFIX)) return null;
  const text = line.slice(ENGINE_SLOTS_PREFIX.length).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * Where a run's start-up stands, as User Timing marks (`performance.mark`) in each process: the factory when it has
 * started the engine and when it hands the command line over, the engine when its code is loaded, when it has its
 * command line, its data and its endpoint (cache, client). Nothing reads them during a run; bench/startup.mjs prints
 * them (docs/performance.md, "Start-up").
 */
export const START_MARKS = Object.freeze({
  engineStarted: 'ef:factory:engine-started',
  commandHandedOver: 'ef:factory:command-handed-over',
  engineLoaded: 'ef:engine:loaded',
  commandRead: 'ef:engine:command-read',
  dataReady: 'ef:engine:data-ready',
  endpointOpen: 'ef:engine:endpoint-open',
});
