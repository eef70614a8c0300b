/** NVCF function-invocation protocol (docs/configuration.md): 202 + `NVCF-REQID`, then polling a status URL. */
import { randomUUID } from 'node:crypto';
import type { Responder } from './http-io.js';

export interface NvcfResult {
  readonly status: number;
  readonly body: unknown;
}

interface Pending {
  remaining: number;
  readonly result: NvcfResult;
}

const STATUS_PATH = /\/v2\/nvcf\/pexec\/status\/([^/]+)$/;
const FUNCTION_PATH = /\/v2\/nvcf\/pexec\/functions\/[^/]+(\/versions\/[^/]+)?$/;

export function isNvcfFunctionPath(path: string): boolean {
  return FUNCTION_PATH.test(path);
}

export function isNvcfStatusPath(path: string): boolean {
  return STATUS_PATH.test(path);
}

/** Pending NVCF requests keyed by request id; the result is computed at POST time and released after the polls. */
export class NvcfQueue {
  private readonly pending = new Map<string, Pending>();

  /** `polls` null answers at once; otherwise 202 now and `polls` more 202s on the status URL. */
  accept(responder: Responder, result: NvcfResult, polls: number | null, omitRequestId: boolean): void {
    if (omitRequestId) {
      responder.send(202, undefined, { 'nvcf-status': 'pending-evaluation' });
      return;
    }
    if (polls === null) {
      responder.send(result.status, result.body);
      return;
    }
    const reqId = randomUUID();
    this.pending.set(reqId, { remaining: polls, result });
    responder.send(202, undefined, { 'nvcf-reqid': reqId, 'nvcf-status': 'pending-evaluation' });
  }

  poll(responder: Responder, path: string): void {
    const reqId = STATUS_PATH.exec(path)?.[1] ?? '';
    const entry = this.pending.get(reqId);
    if (!entry) {
      responder.send(404, {
        error: { message: `unknown NVCF request id ${reqId}`, type: 'not_found', code: null, param: null },
      });
      return;
    }
    if (entry.remaining > 0) {
      entry.remaining -= 1;
      responder.send(202, undefined, { 'nvcf-reqid': reqId, 'nvcf-status': 'pending-evaluation' });
      return;
    }
    this.pending.delete(reqId);
    responder.send(entry.result.status, entry.result.body);
  }
}
