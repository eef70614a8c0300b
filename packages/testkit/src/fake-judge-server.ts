/**
 * A fake LLM-judge endpoint on 127.0.0.1 (docs/configuration.md#judges) for tests. `POST …/chat/completions` answers
 * in the OpenAI chat shape; any other POST answers in the Anthropic-messages shape. Replies come from a callback
 * (rubric JSON by default) or a script of faults (429, 5xx, 401, 404, malformed bodies). Credentials are recorded as
 * sha256 hashes per header, never in clear, so tests can check which key reached which route.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import { countWords, errorBody, promptOf, sha256Hex } from './fake-server/bodies.js';
import { parseBody, readBody } from './fake-server/http-io.js';
import { listenOnLoopback } from './fake-server/listen.js';

export type JudgeProtocol = 'openai' | 'anthropic';

export interface JudgeRequestInfo {
  readonly protocol: JudgeProtocol;
  readonly path: string;
  /** `model` of the body (OpenAI), or null. */
  readonly model: string | null;
  /** The user message(s) joined with newlines. */
  readonly prompt: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** A scripted failure: an HTTP status with an optional body and headers (e.g. `retry-after`), or a socket reset. */
export type JudgeFault =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> }
  | 'reset';
export type JudgeStep = 'ok' | JudgeFault;

export interface JudgeRecord {
  readonly seq: number;
  readonly path: string;
  readonly protocol: JudgeProtocol;
  readonly body: unknown;
  /** sha256 of each credential header present (`authorization`, `api-key`, `x-api-key`, `ocp-apim-subscription-key`). */
  readonly credentials: Readonly<Record<string, string>>;
  /** Non-credential headers worth asserting on. */
  readonly headers: { readonly content_type: string | null; readonly data_classification: string | null };
  status: number | null;
}

export interface FakeJudgeOptions {
  /** Reply text for a request (default: a valid rubric with every criterion scored 4). */
  readonly reply?: (request: JudgeRequestInfo) => string | JudgeFault | Promise<string | JudgeFault>;
  /** Steps consumed one per request, before `reply`. */
  readonly script?: readonly JudgeStep[];
  /** Credential check with the raw headers; false → 401. */
  readonly authorize?: (headers: IncomingHttpHeaders, request: JudgeRequestInfo) => boolean;
}

export interface FakeJudgeServer {
  /** `http://127.0.0.1:<port>/v1`: an OpenAI-compatible base URL. */
  readonly url: string;
  /** `http://127.0.0.1:<port>/anthropic/messages`: an Anthropic-messages URL (any non-chat path works). */
  readonly anthropicUrl: string;
  readonly origin: string;
  readonly requests: JudgeRecord[];
  setScript(steps: readonly JudgeStep[]): void;
  close(): Promise<void>;
}

export const RUBRIC_CRITERIA = ['accuracy', 'completeness', 'clarity'] as const;

/** The rubric reply of docs/configuration.md#judges: `{"accuracy": {"score": n, "explanation": "…"}, …}`. */
export function rubricReply(
  scores: Readonly<Record<string, unknown>> = { accuracy: 4, completeness: 4, clarity: 4 },
): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(scores).map(([c, score]) => [c, { score, explanation: `fake ${c} explanation` }]),
    ),
  );
}

/** A reply with braces around JSON that does not parse, even with one `}` appended (`invalid_json`). */
export const MALFORMED_REPLY = '{"accuracy": {"score": 4, "explanation": "unterminated}, "clarity": }';
/** A judge that declines to grade: no JSON at all. */
export const REFUSAL_REPLY = "I'm sorry, but I can't evaluate this response.";

const CREDENTIAL_HEADERS = ['authorization', 'api-key', 'x-api-key', 'ocp-apim-subscription-key'];

function replyBody(info: JudgeRequestInfo, text: string, seq: number): unknown {
  const usage = { prompt: countWords(info.prompt), completion: countWords(text) };
  if (info.protocol === 'openai') {
    return {
      id: `chatcmpl-judge-${seq}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: info.model ?? 'fake-judge',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
      usage: {
        prompt_tokens: usage.prompt,
        completion_tokens: usage.completion,
        total_tokens: usage.prompt + usage.completion,
      },
    };
  }
  return {
    id: `msg_judge_${seq}`,
    type: 'message',
    role: 'assistant',
    model: 'fake-claude',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage: { input_tokens: usage.prompt, output_tokens: usage.completion },
  };
}

export async function startFakeJudgeServer(opts: FakeJudgeOptions = {}): Promise<FakeJudgeServer> {
  const requests: JudgeRecord[] = [];
  let script = [...(opts.script ?? [])];
  const server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const path = (req.url ?? '/').split('?')[0];
      const parsed = parseBody(text);
      const body = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      const protocol: JudgeProtocol = path.endsWith('/chat/completions') ? 'openai' : 'anthropic';
      const info: JudgeRequestInfo = {
        protocol,
        path,
        model: typeof body.model === 'string' ? body.model : null,
        prompt: promptOf(body),
        body,
      };
      const credentials = Object.fromEntries(
        CREDENTIAL_HEADERS.filter((h) => typeof req.headers[h] === 'string').map((h) => [
          h,
          sha256Hex(req.headers[h] as string),
        ]),
      );
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
      const entry: JudgeRecord = {
        seq: requests.length,
        path,
        protocol,
        body: parsed,
        credentials,
        headers: { content_type: header('content-type'), data_classification: header('dataclassification') },
        status: null,
      };
      requests.push(entry);
      const send = (status: number, payload: unknown, headers: Readonly<Record<string, string>> = {}) => {
        entry.status = status;
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (req.method !== 'POST')
        return send(404, errorBody(`no route ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'));
      if (opts.authorize && !opts.authorize(req.headers, info))
        return send(
          401,
          errorBody(
            'Unauthorized: the token is invalid or expired (fake judge).',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      const step = script.shift() ?? 'ok';
      const failed = (e: Error): JudgeFault => ({ status: 500, body: errorBody(e.message, 'server_error', null) });
      const outcome =
        step === 'ok'
          ? await Promise.resolve()
              .then(() => (opts.reply ? opts.reply(info) : rubricReply()))
              .catch(failed)
          : step;
      if (outcome === 'reset') return res.socket ? res.socket.resetAndDestroy() : res.destroy();
      if (typeof outcome === 'string') return send(200, replyBody(info, outcome, entry.seq));
      send(
        outcome.status,
        outcome.body ?? errorBody(`fake judge status ${outcome.status}`, 'fake_error', null),
        outcome.headers,
      );
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    url: `${origin}/v1`,
    anthropicUrl: `${origin}/anthropic/messages`,
    origin,
    requests,
    setScript: (steps) => void (script = [...steps]),
    close,
  };
}
