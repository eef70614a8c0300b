/** Public shapes of the fake OpenAI-compatible server (dev-only test helper). */

export type RouteKind = 'chat' | 'completions' | 'models' | 'nvcf_pexec' | 'nvcf_status' | 'unknown';

/** What the answer callback sees: the prompt already extracted from `messages` or `prompt`. */
export interface AnswerRequest {
  readonly kind: 'chat' | 'completions';
  readonly model: string | null;
  /** Chat: the message contents joined with `\n`; completions: the prompt. */
  readonly prompt: string;
  readonly body: Readonly<Record<string, unknown>>;
}

export interface FakeUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

export interface FakeReply {
  /** `null` gives `message.content: null` (chat) or `text: ""` (completions). */
  readonly text: string | null;
  /** Default `stop`, or `length` when the text was cut at `max_tokens` words. */
  readonly finish_reason?: string;
  /** `null` leaves `usage` out of the body; omitted = counted (whitespace-separated words). */
  readonly usage?: FakeUsage | null;
}

export type Answerer = (request: AnswerRequest) => string | FakeReply | Promise<string | FakeReply>;

/** Failure classes of docs/architecture.md, plus NVCF protocol variations (docs/configuration.md). */
export type Fault =
  | { readonly kind: 'rate_limit'; readonly retryAfter?: number | string | Date }
  | { readonly kind: 'server_error'; readonly status?: 500 | 502 | 503 | 504 }
  | { readonly kind: 'hang' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'garbage' }
  | { readonly kind: 'no_choices' }
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'context_length' }
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly body?: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'nvcf_pending'; readonly polls: number }
  | { readonly kind: 'nvcf_missing_reqid' };

/** One scripted step: a fault, or `'ok'` for a normal answer. */
export type ScriptEntry = Fault | 'ok';

export interface RecordedRequest {
  readonly seq: number;
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  readonly kind: RouteKind;
  /** Parsed JSON body; the raw text when it was not JSON; null when empty. */
  readonly body: unknown;
  /** sha256 (hex) of the whole `Authorization` header value; the header itself is never stored. */
  readonly authorization_sha256: string | null;
  /** Request headers except credentials (authorization, cookies, anything named like a key or token). */
  readonly headers: Readonly<Record<string, string>>;
  readonly received_at: string;
  /** Set when the response was sent; stays null for hangs and resets. */
  responded_at: string | null;
  status: number | null;
  fault: Fault['kind'] | null;
}

export interface FakeServerOptions {
  /** Default 0 (an ephemeral port). The server always listens on 127.0.0.1. */
  readonly port?: number;
  readonly answer?: Answerer;
  /** Called for every model, models-list and NVCF request (status polls included) when no scripted step applies. */
  readonly faults?: (request: RecordedRequest) => Fault | null | undefined;
  /** Steps consumed one per chat / completions / NVCF pexec request, in arrival order. */
  readonly script?: readonly ScriptEntry[];
  /** Delay before every response. */
  readonly latencyMs?: number;
  /** When set, any request whose header is not `Authorization: Bearer <key>` gets 401. */
  readonly requireApiKey?: string;
  /** When set, a request for another model gets 404; also the `GET /models` list (default `['fake-model']`). */
  readonly models?: readonly string[];
  /** Prompts with more whitespace-separated words than this get a 400 context-length error. */
  readonly contextLimitTokens?: number;
  /** NVCF pexec: null (default) answers 200 at once; n ≥ 0 answers 202, then n status polls get 202, then 200. */
  readonly nvcfPendingPolls?: number | null;
}

export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL to give an OpenAI client. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`, for NVCF paths or custom base paths. */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in arrival order (clear with `requests.length = 0`). */
  readonly requests: RecordedRequest[];
  /** Replaces the remaining scripted steps. */
  setScript(entries: readonly ScriptEntry[]): void;
  setAnswer(answer: Answerer): void;
  setFaults(faults: FakeServerOptions['faults'] | null): void;
  /**
   * The most model requests (chat, completions, NVCF pexec) for `model` (the body's `model`) the server had in
   * flight at once, counted from arrival until its answer is written, faults and retries included.
   */
  maxInFlight(model: string): number;
  /** Starts the counts of `maxInFlight` again. */
  resetMaxInFlight(): void;
  /** Destroys open connections (hung requests included) and stops listening. */
  close(): Promise<void>;
}
