/** Turns selected instances into model requests (docs/architecture.md). */
import type { AdapterSpec, Instance, PromptRequest } from '@eval-factory/types';
import { scrubSecrets } from '@eval-factory/errors';
import { outputMapping, promptText } from './assemble-prompt.js';

export interface BuildRequestsOptions {
  /** Trials per instance (forced to 1 by the caller for zero-shot benchmarks, docs/architecture.md). */
  readonly numTrials: number;
  /** `--max-new-tokens`: replaces every request's max_tokens (run not HELM-compatible); wins over numOutputTokens. */
  readonly maxTokensOverride?: number;
  /** `--temperature`: replaces the adapter's temperature (run not HELM-compatible). */
  readonly temperatureOverride?: number;
  /** `--top-p`; unset means top_p is not sent (HELM default 1). */
  readonly topP?: number;
  /** `--num-output-tokens` (HELM's reasoning-model variant): replaces max_tokens, stays HELM-compatible. */
  readonly numOutputTokens?: number;
  /** In-context examples of a trial; none for the shipped zero-shot benchmarks. */
  readonly trainInstancesForTrial?: (trial: number) => readonly Instance[];
}

/** `top_k_per_token` of MCQ-joint requests: HELM passes the builder's num_outputs (5); only logprob APIs use it. */
const MCQ_TOP_K_PER_TOKEN = 5;

/** Trial 0 carries no salt so its cache entries are shared with single-trial runs; repeats get "1", "2", …. */
function saltFor(trial: number): { salt?: string } {
  return trial === 0 ? {} : { salt: String(trial) };
}

function requestSettings(adapter: AdapterSpec, opts: BuildRequestsOptions) {
  const isMcq = adapter.method === 'multiple_choice_joint';
  return {
    temperature: opts.temperatureOverride ?? adapter.temperature,
    max_tokens: opts.maxTokensOverride ?? opts.numOutputTokens ?? adapter.max_tokens,
    // HELM's MCQ-joint adapter always sends [] whatever its spec says.
    stop: isMcq ? [] : [...adapter.stop_sequences],
    top_p: opts.topP ?? null,
    num_completions: 1,
    top_k_per_token: isMcq ? MCQ_TOP_K_PER_TOKEN : 1,
  };
}

/** The instance a request's prompt is assembled from (not enumerable: requests serialise as before). */
const INSTANCE = Symbol('instance');
/** The request's prompt once it has been read (not enumerable either). */
const PROMPT = Symbol('prompt');

interface PromptSource {
  readonly [INSTANCE]: Instance;
  [PROMPT]: string | undefined;
}

/**
 * The `prompt` getter of one trial's requests (one function per trial, shared by its requests, so they share one
 * object shape). The prompt is assembled when first read and kept by its request, not by the plan: a run holds its
 * instances anyway, and a million stored prompts would be a second copy of the data, while a request lives only
 * from its cache lookup to its answer (runner/request-feed.ts hands the sender the request it looked up), and its
 * lookup and its body read the same prompt. The secrets registered before its first read are scrubbed from it: all
 * of a run's are, once its endpoint is open and before any request is built (runner/run-benchmark.ts).
 */
function promptGetter(adapter: AdapterSpec, train: readonly Instance[]): (this: PromptRequest) => string {
  return function prompt(this: PromptRequest) {
    const source = this as unknown as PromptSource;
    source[PROMPT] ??= scrubSecrets(promptText(adapter, source[INSTANCE], train));
    return source[PROMPT];
  };
}

/**
 * One request, made by a constructor rather than grown property by property: V8 then keeps every field in the
 * object itself, where a grown object keeps most of them in a separate property array (~90 bytes more per request,
 * which a run of a million instances feels). Fields are set in the order requests always had: it is their order when spread or serialised.
 */
class BuiltRequest {
  declare readonly instance_id: string;
  declare readonly train_trial_index: number;
  declare readonly prompt: string;
  declare readonly temperature: number;
  declare readonly max_tokens: number;
  declare readonly stop: readonly string[];
  declare readonly top_p: number | null;
  declare readonly num_completions: number;
  declare readonly top_k_per_token: number;
  declare readonly output_mapping?: Readonly<Record<string, string>>;
  declare readonly salt?: string;

  constructor(
    instance: Instance,
    trial: number,
    prompt: PropertyDescriptor,
    settings: ReturnType<typeof requestSettings>,
    mapping: Readonly<Record<string, string>> | undefined,
    salt: string | undefined,
  ) {
    this.instance_id = instance.id;
    this.train_trial_index = trial;
    Object.defineProperty(this, 'prompt', prompt);
    Object.defineProperty(this, INSTANCE, { value: instance });
    Object.defineProperty(this, PROMPT, { value: undefined, writable: true });
    this.temperature = settings.temperature;
    this.max_tokens = settings.max_tokens;
    this.stop = settings.stop;
    this.top_p = settings.top_p;
    this.num_completions = settings.num_completions;
    this.top_k_per_token = settings.top_k_per_token;
    if (mapping) this.output_mapping = mapping;
    if (salt !== undefined) this.salt = salt;
  }
}

/**
 * The requests of a run, made when asked for: request `index` is built from its instance each time it is read
 * (a few hundred nanoseconds), so a run holds no request beyond those in flight or waiting to be scored. Arrays of
 * requests are plans too (tests pass them).
 */
export interface RequestPlan {
  readonly length: number;
  at(index: number): PromptRequest;
  /**
   * A plan that grows while its instances are read (selection/streamed-instances.ts): whether request `index`
   * can be built (true), never will be (false), or a promise of that; throws the loader's error. Absent: `length` is final.
   */
  readonly reach?: (index: number) => boolean | Promise<boolean>;
}

/**
 * One request per instance and trial, trial-major like HELM (all instances of trial 0, then of trial 1, …), each
 * trial in selection order: request `i` is trial `⌊i / n⌋` of `instances[i mod n]`. Each request's `prompt` is an
 * enumerable getter (see promptGetter): it reads, spreads and serialises like a stored string.
 * @example requestPlan(adapter, selected, { numTrials: 1 }).length // selected.length
 */
export function requestPlan(
  adapter: AdapterSpec,
  instances: readonly Instance[],
  opts: BuildRequestsOptions,
): RequestPlan {
  const settings = requestSettings(adapter, opts);
  const mcq = adapter.method === 'multiple_choice_joint';
  // Identical option lists (yes/no/maybe for every PubMedQA question) share one mapping object.
  const mappings = new Map<string, Readonly<Record<string, string>>>();
  // Looked up by the option texts (the letters follow from their order), so a request built again for the same
  // instance (a run builds each one twice: cache lookup and send share one, scoring builds its own) makes no mapping object to throw away.
  // The last list found is compared first: requests mostly follow one with the same options, and comparing the
  // texts makes no key (an array of the texts and its JSON, per request built).
  let last: { readonly texts: readonly string[]; readonly mapping: Readonly<Record<string, string>> } | null = null;
  const sharedMapping = (instance: Instance) => {
    if (last !== null && sameTexts(instance.references, last.texts)) return last.mapping;
    const texts = instance.references.map((r) => r.output.text);
    const key = JSON.stringify(texts);
    let mapping = mappings.get(key);
    if (mapping === undefined) {
      mapping = outputMapping(instance);
      if (mappings.size < SHARED_MAPPINGS) mappings.set(key, mapping);
    }
    last = { texts, mapping };
    return mapping;
  };
  const trials = Array.from({ length: Math.max(0, opts.numTrials) }, (_, trial) => ({
    prompt: { get: promptGetter(adapter, opts.trainInstancesForTrial?.(trial) ?? []), enumerable: true },
    salt: saltFor(trial).salt,
  }));
  // `instances` may still grow (a streamed load, always one trial): its length is read when asked for.
  return {
    get length() {
      return instances.length * trials.length;
    },
    at(index) {
      const n = instances.length;
      if (!(index >= 0 && index < n * trials.length)) throw new RangeError(`no request ${index}`);
      const instance = instances[index % n];
      const trial = Math.floor(index / n);
      const { prompt, salt } = trials[trial];
      return new BuiltRequest(instance, trial, prompt, settings, mcq ? sharedMapping(instance) : undefined, salt);
    },
  };
}

function sameTexts(references: Instance['references'], texts: readonly string[]): boolean {
  if (references.length !== texts.length) return false;
  for (let i = 0; i < texts.length; i++) if (references[i].output.text !== texts[i]) return false;
  return true;
}

/** Distinct option lists whose mapping is shared; past it (unique options per question) each request makes its own. */
const SHARED_MAPPINGS = 256;

/**
 * Every request of `requestPlan`, built at once.
 * @example buildRequests(adapter, selected, { numTrials: 1 }).length // selected.length
 */
export function buildRequests(
  adapter: AdapterSpec,
  instances: readonly Instance[],
  opts: BuildRequestsOptions,
): PromptRequest[] {
  const plan = requestPlan(adapter, instances, opts);
  return Array.from({ length: plan.length }, (_, i) => plan.at(i));
}
