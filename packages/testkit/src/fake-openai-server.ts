/**
 * A fake OpenAI-compatible server on 127.0.0.1 for integration tests (docs/architecture.md), with the failure classes
 * of docs/architecture.md and NVCF polling. Uses `node:http` only. Its answers are not a real model's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { completionBody, countWords, errorBody, promptOf, sha256Hex } from './fake-server/bodies.js';
import { demoAnswer } from './fake-server/demo-answerer.js';
import { sendFault } from './fake-server/faults.js';
import { makeResponder, parseBody, readBody, safeHeaders, type Responder } from './fake-server/http-io.js';
import { listenOnLoopback } from './fake-server/listen.js';
import { NvcfQueue, isNvcfFunctionPath, isNvcfStatusPath, type NvcfResult } from './fake-server/nvcf.js';
import type {
  AnswerRequest,
  Answerer,
  Fault,
  FakeOpenAIServer,
  FakeServerOptions,
  RecordedRequest,
  RouteKind,
  ScriptEntry,
} from './fake-server/types.js';

const SCRIPTED_KINDS: ReadonlySet<RouteKind> = new Set(['chat', 'completions', 'nvcf_pexec']);

function routeOf(method: string, path: string): RouteKind {
  if (method === 'POST' && isNvcfFunctionPath(path)) return 'nvcf_pexec';
  if (method === 'GET' && isNvcfStatusPath(path)) return 'nvcf_status';
  if (method === 'POST' && path.endsWith('/chat/completions')) return 'chat';
  if (method === 'POST' && path.endsWith('/completions')) return 'completions';
  if (method === 'GET' && path.endsWith('/models')) return 'models';
  return 'unknown';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

class FakeServerState {
  readonly requests: RecordedRequest[] = [];
  readonly nvcf = new NvcfQueue();
  readonly timers = new Set<NodeJS.Timeout>();
  /** Requests in flight per model (received, not yet answered), and the most seen at once. */
  readonly inFlight = new Map<string, number>();
  readonly peaks = new Map<string, number>();
  script: ScriptEntry[];
  answer: Answerer;
  faults: FakeServerOptions['faults'] | null;

  constructor(readonly opts: FakeServerOptions) {
    this.script = [...(opts.script ?? [])];
    this.answer = opts.answer ?? demoAnswer;
    this.faults = opts.faults ?? null;
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** A model request arrived; the returned function (idempotent) says it is no longer in flight. */
  arrive(body: unknown): () => void {
    const model = isRecord(body) && typeof body.model === 'string' ? body.model : '';
    const now = (this.inFlight.get(model) ?? 0) + 1;
    this.inFlight.set(model, now);
    this.peaks.set(model, Math.max(this.peaks.get(model) ?? 0, now));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight.set(model, (this.inFlight.get(model) ?? 1) - 1);
    };
  }

  /** A scripted step wins (and `'ok'` means no fault); otherwise the `faults` callback decides. */
  pickFault(record: RecordedRequest): Fault | null {
    if (SCRIPTED_KINDS.has(record.kind) && this.script.length > 0) {
      const step = this.script.shift() as ScriptEntry;
      return step === 'ok' ? null : step;
    }
    return record.kind === 'unknown' ? null : (this.faults?.(record) ?? null);
  }

  /** The model's answer as a status and body: 404 / 400 checks first, then the answerer. */
  async compute(kind: 'chat' | 'completions', body: unknown, seq: number): Promise<NvcfResult> {
    if (!isRecord(body))
      return { status: 400, body: errorBody('Request body must be a JSON object.', 'invalid_request_error', null) };
    const model = typeof body.model === 'string' ? body.model : null;
    const { models, contextLimitTokens } = this.opts;
    if (models && (model === null || !models.includes(model))) {
      return {
        status: 404,
        body: errorBody(
          `The model \`${model ?? ''}\` does not exist.`,
          'invalid_request_error',
          'model_not_found',
          'model',
        ),
      };
    }
    const request: AnswerRequest = { kind, model, prompt: promptOf(body), body };
    if (contextLimitTokens !== undefined && countWords(request.prompt) > contextLimitTokens) {
      const message = `This model's maximum context length is ${contextLimitTokens} tokens. However, your messages resulted in ${countWords(request.prompt)} tokens.`;
      return { status: 400, body: errorBody(message, 'invalid_request_error', 'context_length_exceeded', 'messages') };
    }
    try {
      const reply = await this.answer(request);
      return { status: 200, body: completionBody(request, typeof reply === 'string' ? { text: reply } : reply, seq) };
    } catch (e) {
      return { status: 500, body: errorBody(`answer callback failed: ${(e as Error).message}`, 'server_error', null) };
    }
  }
}

function record(state: FakeServerState, req: IncomingMessage, rawBody: string): RecordedRequest {
  const path = (req.url ?? '/').split('?')[0];
  const auth = req.headers.authorization;
  const entry: RecordedRequest = {
    seq: state.requests.length,
    method: req.method ?? 'GET',
    path,
    kind: routeOf(req.method ?? 'GET', path),
    body: parseBody(rawBody),
    authorization_sha256: auth === undefined ? null : sha256Hex(auth),
    headers: safeHeaders(req),
    received_at: new Date().toISOString(),
    responded_at: null,
    status: null,
    fault: null,
  };
  state.requests.push(entry);
  return entry;
}

async function route(
  state: FakeServerState,
  entry: RecordedRequest,
  responder: Responder,
  fault: Fault | null,
): Promise<void> {
  switch (entry.kind) {
    case 'chat':
    case 'completions': {
      const result = await state.compute(entry.kind, entry.body, entry.seq);
      responder.send(result.status, result.body);
      return;
    }
    case 'nvcf_pexec': {
      const kind = isRecord(entry.body) && !Array.isArray(entry.body.messages) ? 'completions' : 'chat';
      const result = await state.compute(kind, entry.body, entry.seq);
      const polls = fault?.kind === 'nvcf_pending' ? fault.polls : (state.opts.nvcfPendingPolls ?? null);
      state.nvcf.accept(responder, result, polls, fault?.kind === 'nvcf_missing_reqid');
      return;
    }
    case 'nvcf_status':
      state.nvcf.poll(responder, entry.path);
      return;
    case 'models': {
      const data = (state.opts.models ?? ['fake-model']).map((id) => ({
        id,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'fake',
      }));
      responder.send(200, { object: 'list', data });
      return;
    }
    case 'unknown':
      responder.send(
        404,
        errorBody(`Unknown route ${entry.method} ${entry.path} (fake server).`, 'invalid_request_error', 'unknown_url'),
      );
  }
}

async function handle(state: FakeServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const entry = record(state, req, await readBody(req));
  // Counted from arrival to the first byte of the answer (or the end of the connection: hangs, resets).
  const left = SCRIPTED_KINDS.has(entry.kind) ? state.arrive(entry.body) : () => {};
  res.on('close', left);
  const responder = makeResponder(res, entry, left);
  if (state.opts.latencyMs) await state.delay(state.opts.latencyMs);
  const key = state.opts.requireApiKey;
  if (key !== undefined && req.headers.authorization !== `Bearer ${key}`) {
    sendFault(responder, { kind: 'unauthorized' }, null);
    return;
  }
  const fault = state.pickFault(entry);
  if (fault) {
    entry.fault = fault.kind;
    if (fault.kind === 'hang') return; // never answer: the client's timeout (or close()) ends it
    const model = isRecord(entry.body) && typeof entry.body.model === 'string' ? entry.body.model : null;
    if (sendFault(responder, fault, model)) return;
  }
  await route(state, entry, responder, fault);
}

/**
 * Starts the fake server on 127.0.0.1 (port 0 by default) and resolves once it listens.
 * @example
 * const server = await startFakeOpenAIServer({ script: [{ kind: 'rate_limit', retryAfter: 1 }, 'ok'] });
 * const client = new OpenAI({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
 * await server.close();
 */
export async function startFakeOpenAIServer(opts: FakeServerOptions = {}): Promise<FakeOpenAIServer> {
  const state = new FakeServerState(opts);
  const server = createServer((req, res) => {
    handle(state, req, res).catch((e: unknown) => {
      if (!res.headersSent && !res.destroyed) res.writeHead(500).end(String(e));
    });
  });
  const { origin, port, close: closeListener } = await listenOnLoopback(server, opts.port ?? 0);
  return {
    url: `${origin}/v1`,
    origin,
    port,
    requests: state.requests,
    setScript: (entries) => void (state.script = [...entries]),
    setAnswer: (answer) => void (state.answer = answer),
    setFaults: (faults) => void (state.faults = faults),
    maxInFlight: (model) => state.peaks.get(model) ?? 0,
    resetMaxInFlight: () => state.peaks.clear(),
    close: () => {
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      return closeListener();
    },
  };
}
