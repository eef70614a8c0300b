import { APIError } from 'openai';
import { HELM_DEFAULT_TOKENIZER, HELM_OPENAI_CLIENTS, type JudgeEntry } from '@eval-factory/types';
import { anthropicMessagesBody, createAnthropicSender, parseAnthropicResponse } from './anthropic-client.js';
import { createSender } from './create-sender.js';
import { SdkClient } from './sdk-client.js';
import { DEFAULT_SETTINGS, type ModelDeployment } from './model-deployment.js';
import { parseResponse, sdkAttempt } from './openai-client.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';
import { runLog } from '../output/run-log.js';

/** A judge's endpoint as judges.yaml describes it (docs/configuration.md#judges). */
export type JudgeEndpoint = Pick<
  JudgeEntry,
  'role' | 'provider' | 'base_url' | 'request_url' | 'model_id' | 'auth_header' | 'nvcf_backed'
>;

/** The credential of the judge's role (auth/ resolves it); structural, so clients never import auth/. */
export interface CredentialSource {
  secret(): Promise<string | null>;
  readonly refreshable: boolean;
  refresh(stale: string): Promise<void>;
}

/** Everything the judge client needs to speak one judge's protocol. */
export interface JudgeTransport {
  readonly send: SendAttempt;
  /** Reads a stored (cached) response body the way `send` reads a live one. */
  parse(response: unknown): RawSuccess;
  /** The exact JSON body for one judge prompt: one user message, one completion. */
  body(prompt: string, maxTokens: number, temperature: number): Record<string, unknown>;
  /** Cache-key parts beyond URL and body: the Anthropic body has no model field, so the model id salts the key. */
  readonly salt?: string;
  readonly nvcf: boolean;
}

/**
 * Builds one judge's transport. The credential goes into `Authorization: Bearer …` or, with `auth_header`, that
 * header bare. OAuth: a 401 (or a 403 that talks about auth, tokens or expiry) refreshes the token once and the
 * attempt is repeated once; a second refusal is thrown as usual (fatal for the judge).
 */
export function createJudgeTransport(endpoint: JudgeEndpoint, credential: CredentialSource): JudgeTransport {
  const anthropic = endpoint.provider === 'nvidia_anthropic';
  let memo: { secret: string | null; send: SendAttempt } | null = null;
  const senderFor = (secret: string | null): SendAttempt => {
    if (memo?.secret !== secret) memo = { secret, send: buildSender(endpoint, secret, anthropic) };
    return memo.send;
  };
  const send: SendAttempt = async (body, timeoutMs, signal) => {
    const secret = await credential.secret();
    try {
      return await senderFor(secret)(body, timeoutMs, signal);
    } catch (error) {
      if (!credential.refreshable || secret === null || !isAuthRejection(error)) throw error;
      runLog.event(
        `auth error ${(error as APIError).status} (judge ${endpoint.role} ${endpoint.request_url})`,
        'the OAuth token was rejected: refreshing it and sending again',
      );
      await credential.refresh(secret);
      return senderFor(await credential.secret())(body, timeoutMs, signal);
    }
  };
  if (anthropic) {
    return {
      send,
      parse: parseAnthropicResponse,
      body: (prompt, max_tokens, temperature) => anthropicMessagesBody(prompt, { max_tokens, temperature }),
      salt: `model:${endpoint.model_id}`,
      nvcf: false,
    };
  }
  return {
    send,
    parse: (response) => parseResponse(response, 'chat'),
    body: (prompt, max_tokens, temperature) => ({
      model: endpoint.model_id,
      messages: [{ role: 'user', content: prompt }],
      temperature,
      max_tokens,
      n: 1,
    }),
    nvcf: endpoint.base_url === null,
  };
}

const AUTH_WORDS = /auth|token|unauthori[sz]ed|expired/i;

/** 401, or a 403 whose body mentions auth, token, unauthorized or expired (§9). */
export function isAuthRejection(error: unknown): boolean {
  if (!(error instanceof APIError)) return false;
  if (error.status === 401) return true;
  return error.status === 403 && AUTH_WORDS.test(`${error.message} ${JSON.stringify(error.error ?? '')}`);
}

function buildSender(endpoint: JudgeEndpoint, secret: string | null, anthropic: boolean): SendAttempt {
  const headers: Record<string, string> =
    secret === null
      ? {}
      : endpoint.auth_header
        ? { [endpoint.auth_header]: secret }
        : { Authorization: `Bearer ${secret}` };
  if (anthropic) return createAnthropicSender(endpoint.request_url, headers);
  if (endpoint.auth_header === null || endpoint.base_url === null)
    return createSender(judgeDeployment(endpoint), secret);
  // A bare custom header: the SDK's own Authorization header is switched off.
  const client = new SdkClient({
    apiKey: 'unused',
    baseURL: endpoint.base_url,
    defaultHeaders: { Authorization: null, ...headers },
  });
  return sdkAttempt(client, 'chat');
}

/** The judge seen as a chat deployment, so the model client's senders (SDK or NVCF protocol) serve it unchanged. */
function judgeDeployment(e: JudgeEndpoint): ModelDeployment {
  const isFunction = e.base_url === null;
  return {
    name: `judge-${e.role}`,
    model_name: e.model_id,
    tokenizer_name: HELM_DEFAULT_TOKENIZER,
    client_spec: {
      class_name: HELM_OPENAI_CLIENTS.chat,
      args: { base_url: e.base_url, openai_model_name: e.model_id },
    },
    provider: e.provider,
    endpoint_type: 'chat',
    base_url: e.base_url,
    request_url: e.request_url,
    auth: { kind: 'none' },
    nvcf: { enabled: isFunction, backed: e.nvcf_backed, is_function: isFunction, poll_seconds: 1800 },
    max_tokens_field: 'max_tokens',
    request_settings: DEFAULT_SETTINGS,
    headers: {},
  };
}
