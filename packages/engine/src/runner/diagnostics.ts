import type { CodedMessage } from '@eval-factory/types';
import { redact } from '@eval-factory/errors';

/**
 * Warnings are printed once (first occurrence) and counted; the summary lists each code with its count. All text
 * goes through the redaction layer.
 */
export class Diagnostics {
  private readonly warnings = new Map<string, { message: string; count: number }>();
  readonly errors: CodedMessage[] = [];

  constructor(private readonly stream: NodeJS.WritableStream = process.stderr) {}

  warn = (code: string, message: string): void => {
    const seen = this.warnings.get(code);
    if (seen) {
      seen.count++;
      return;
    }
    this.warnings.set(code, { message: redact(message), count: 1 });
    this.stream.write(`warning[${code}]: ${redact(message)}\n`);
  };

  log = (message: string): void => {
    this.stream.write(`${redact(message)}\n`);
  };

  error(code: string, message: string): void {
    this.errors.push({ code, message: redact(message) });
  }

  warningList(): CodedMessage[] {
    return [...this.warnings.entries()].map(([code, w]) => ({
      code,
      message: w.message,
      ...(w.count > 1 ? { count: w.count } : {}),
    }));
  }
}
