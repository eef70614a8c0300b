import type { JurySpec } from '@eval-factory/types';
import { resolveJudgeCredential, type AuthContext, type Credential } from '../auth/index.js';
import type { RequestCache } from '../cache/index.js';
import { createJudgeTransport, type JudgeTransport } from '../clients/judge-sender.js';
import type { RetryPolicy } from '../clients/index.js';
import { createJudgeClient } from './judge-client.js';
import { isHelmJury, readJudgesConfig, type JudgeConfig } from './judge-config.js';
import { createJury, type Jury } from './jury.js';

export interface JuryPlan {
  readonly judges: readonly JudgeConfig[];
  /** False when the roster is not HELM's gpt + llama + claude (a judge disabled or added). */
  readonly helmCompatible: boolean;
  /** Builds the cached clients and the annotator once the judge cache and `responses/judges.jsonl` are open. */
  start(o: { cache: RequestCache; log: { append(record: unknown): void }; signal?: AbortSignal }): Jury;
}

/** A merge's judges send nothing, so they need no key (docs/scale.md). */
const NO_CREDENTIAL: Credential = {
  kind: 'none',
  source: 'none (a merge answers from its units)',
  secret: async () => null,
  refreshable: false,
  refresh: async () => undefined,
};

/**
 * Everything about the judges that can fail before a single model request is sent: judges.yaml, and each role's
 * credential (§7.2; OAuth tokens themselves are fetched on first use). Credentials are bound to the role here, once,
 * from configuration; the evaluated model's name plays no part (§8).
 */
export function planJury(o: {
  spec: JurySpec;
  benchmark: string;
  modelConfigsDir: string;
  auth: AuthContext;
  retry: Omit<RetryPolicy, 'nvcfBacked'>;
  engineVersion: string;
  /** `--merge-units`: every verdict comes from the units' caches; no credential, nothing sent (createJudgeClient). */
  mergeUnits?: boolean;
}): JuryPlan {
  const judges = readJudgesConfig(o.modelConfigsDir, o.benchmark);
  const wired: { judge: JudgeConfig; credential: Credential; transport: JudgeTransport }[] = judges.map((judge) => {
    const credential = o.mergeUnits ? NO_CREDENTIAL : resolveJudgeCredential(judge.role, judge.auth, o.auth);
    return { judge, credential, transport: createJudgeTransport(judge, credential) };
  });
  return {
    judges,
    helmCompatible: isHelmJury(judges),
    start({ cache, log, signal }) {
      const clients = wired.map(({ judge, credential, transport }) =>
        createJudgeClient({
          judge,
          transport,
          credential,
          cache,
          engineVersion: o.engineVersion,
          mergeUnits: o.mergeUnits === true,
          policy: { ...o.retry, nvcfBacked: judge.nvcf_backed, target: `judge ${judge.role} ${judge.request_url}` },
        }),
      );
      return createJury({ spec: o.spec, clients, log, ...(signal ? { signal } : {}) });
    },
  };
}
