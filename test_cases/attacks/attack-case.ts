/**
 * The shape of a row of the hostile-inputs table (cases.ts gathers the rows, cases-*.ts hold them by theme) and the
 * sentinel secrets no run may write anywhere.
 */
import type { CliResult } from '../support.js';

/** Secret values no output may contain (long and unique, so a hit is never a coincidence). */
export const SENTINELS = {
  modelKey: 'sk-SENTINELmodelKEY0123456789abcdef',
  credentialsFileKey: 'sk-SENTINELfileKEY0123456789abcdef',
  cachePassword: 'SENTINELcachePASSWORD0123456789',
} as const;

export interface AttackContext {
  /** A fresh folder for the row's files; the run's output goes to `join(dir, 'out')`. */
  readonly dir: string;
  /** The loopback fake model's base URL (it echoes every prompt back as its answer). */
  readonly modelUrl: string;
  /** Environment every row gets: the model key and a credentials file, both holding sentinels. */
  readonly credentialsFile: string;
}

export interface AttackCase {
  readonly name: string;
  /** Writes the row's files; returns the CLI arguments. */
  readonly setup: (ctx: AttackContext) => string[];
  /** `null`: the run must succeed (exit 0). Otherwise the error code printed, with exit 1. */
  readonly code: string | null;
  /** Extra checks on the CLI's result (output text, files). */
  readonly check?: (result: CliResult, ctx: AttackContext) => void;
}
