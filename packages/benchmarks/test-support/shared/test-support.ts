/**
 * Helpers for this package's tests (not exported from the package entry point): a recording `LoadContext`, temp
 * folders, a loopback HTTP server (and a fake Hugging Face rows API on it), and a zero-shot MCQ-joint prompt renderer that follows docs/architecture.md so
 * tests can check each benchmark's layout without the engine.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Instance, LoadContext, PromptSpec } from '@eval-factory/types';

export interface RecordingContext extends LoadContext {
  readonly warnings: { code: string; message: string }[];
  readonly logs: string[];
}

/** A LoadContext that records warnings and log lines; `cacheDir` must be given (use a temp folder). */
export function recordingContext(fields: Partial<LoadContext> & { cacheDir: string }): RecordingContext {
  const warnings: { code: string; message: string }[] = [];
  const logs: string[] = [];
  return {
    args: {},
    dataPath: null,
    allowDataDrift: false,
    ...fields,
    warnings,
    logs,
    warn: (code, message) => void warnings.push({ code, message }),
    log: (message) => void logs.push(message),
  };
}

export function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'ef-benchmarks-'));
}

export interface LoopbackServer {
  readonly baseUrl: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1, port 0, recording each request path. */
export async function startLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FakeRowsApiOptions {
  /** The rows to serve, in order (`num_rows_total` is their count). */
  readonly rows: readonly Record<string, unknown>[];
  /** Rows per page; keep it below the client's page length so the client must page by offset. */
  readonly pageSize: number;
  /** The cell every row reports as truncated under `/truncated/rows`. */
  readonly truncatedCell: string;
  /** The served row for a fixture row and the request path (default: the row as is). */
  readonly serveRow?: (row: Record<string, unknown>, pathname: string) => unknown;
}

/**
 * A fake Hugging Face datasets-server `/rows` API on a loopback server: pages of `pageSize` rows from `offset`,
 * 404 for any path not ending in `/rows`, and `truncatedCell` marked truncated under `/truncated/rows`.
 */
export function startFakeRowsApi(opts: FakeRowsApiOptions): Promise<LoopbackServer> {
  const serveRow = opts.serveRow ?? ((row) => row);
  return startLoopback((req, res) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (!url.pathname.endsWith('/rows')) {
      res.statusCode = 404;
      return void res.end('{}');
    }
    const offset = Number(url.searchParams.get('offset'));
    const rows = opts.rows.slice(offset, offset + opts.pageSize).map((row, i) => ({
      row_idx: offset + i,
      row: serveRow(row, url.pathname),
      truncated_cells: url.pathname.startsWith('/truncated') ? [opts.truncatedCell] : [],
    }));
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ features: [], rows, num_rows_total: opts.rows.length, num_rows_per_page: 100, partial: false }),
    );
  });
}

/** Zero-shot MCQ-joint prompt (docs/architecture.md): instructions, blank line, input, lettered options, output noun. */
export function renderMcqPrompt(spec: PromptSpec, instance: Instance): string {
  const instructions = spec.instructions === '' ? '' : `${spec.instructions}\n`;
  const inputPrefix = spec.input_noun === null ? '' : `${spec.input_noun}: `;
  const inputSuffix = spec.input_noun === null ? '' : '\n';
  const options = instance.references.map((ref, i) => `${String.fromCharCode(65 + i)}. ${ref.output.text}\n`).join('');
  const evalBlock = `${inputPrefix}${instance.input.text}${inputSuffix}${options}${spec.output_noun}:`;
  return [instructions, evalBlock].filter((block) => block !== '').join('\n');
}

/**
 * Zero-shot generation prompt (docs/architecture.md): instructions, blank line, the input after its noun (`": "` or
 * `":\n"`), a newline, then the output noun and `:`.
 */
export function renderGenerationPrompt(spec: PromptSpec, instance: Instance): string {
  const instructions = spec.instructions === '' ? '' : `${spec.instructions}\n`;
  const inputPrefix =
    spec.input_noun === null ? '' : `${spec.input_noun}:${spec.newline_after_input_noun ? '\n' : ' '}`;
  const evalBlock = `${inputPrefix}${instance.input.text}\n${spec.output_noun === null ? '' : `${spec.output_noun}:`}`;
  return [instructions, evalBlock].filter((block) => block !== '').join('\n');
}

/**
 * A shipped fixture loads without `EF_DATA_DRIFT` and with `count` log lines naming it the project's fixture;
 * other warnings are returned for the caller to check.
 */
export function fixtureNotes(ctx: RecordingContext): { notes: number; drift: number } {
  return {
    notes: ctx.logs.filter((l) => l.includes("the project's test fixture, not the upstream data")).length,
    drift: ctx.warnings.filter((w) => w.code === 'EF_DATA_DRIFT').length,
  };
}

/** A copy of a fixture file or folder outside the package (so it is an ordinary user's data_path). */
export async function copyOutOfPackage(path: string): Promise<string> {
  const target = join(await tempDir(), basename(path));
  await cp(path, target, { recursive: true });
  return target;
}
