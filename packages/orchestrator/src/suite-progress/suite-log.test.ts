/** What a suite's jobs print: all of it in the suite's log, stamped and labelled; on the terminal errors and warnings once. */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { redact, registerSecret } from '@eval-factory/errors';
import { routeLine, SuiteLog, type LineRoute } from './suite-log.js';

describe('routeLine', () => {
  it.each<[string, boolean, LineRoute]>([
    ['error[EF_DATA_NOT_FOUND]: Benchmark data not found: /d', false, 'show'],
    ['hint: extra.data_path must name the data file', true, 'show'],
    ['hint: a hint with no error before it', false, 'log'],
    ['warning[EF_DATA_DRIFT]: /d has sha256 1, expected 2', false, 'once'],
    ['warning[EF_X]: after an error', true, 'once'],
    ["/d/head_qa: the project's test fixture, not the upstream data", false, 'log'],
    ['status: success (head_qa, org/alpha)', false, 'log'],
    ['interrupted: 3 answers kept, re-run the same command to resume', false, 'log'],
    ['  error[EF_X]: indented, part of a block', false, 'log'],
  ])('%s (after an error: %s) → %s', (line, afterError, route) => {
    expect(routeLine(line, afterError)).toBe(route);
  });
});

describe('SuiteLog', () => {
  it('keeps every line of every job in the log; the terminal gets errors with hints and each warning once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-suite-log-'));
    const terminal = new PassThrough();
    let shown = '';
    terminal.on('data', (c: Buffer) => (shown += c.toString('utf8')));
    const log = new SuiteLog(dir, terminal, () => new Date('2026-01-02T03:04:05.000Z'));
    registerSecret('sk-suite-log-secret-1234');
    const a = log.jobConsole('org/a pubmed_qa');
    const b = log.jobConsole('org/b pubmed_qa');
    a.err.write("/d: the project's test fixture\n");
    a.err.write('warning[EF_DATA_DRIFT]: /d has sha256 1\n');
    b.err.write('warning[EF_DATA_DRIFT]: /d has sha256 1\n');
    b.err.write('error[EF_X]: key sk-suite-log-secret-1234 refused\nhint: set another key\n');
    a.out.write('status: success (pubmed_qa, org/a)\nmetrics: …\n');
    log.write('suite s: 2 jobs in 2 units: 2 success\n');
    log.close();
    await new Promise((r) => setImmediate(r));
    expect(shown).toBe(
      'org/a pubmed_qa: warning[EF_DATA_DRIFT]: /d has sha256 1\norg/b pubmed_qa: error[EF_X]: key KEY refused\norg/b pubmed_qa: hint: set another key\n'.replace(
        'KEY',
        redact('sk-suite-log-secret-1234'),
      ),
    );
    expect(shown).not.toContain('secret-1234');
    const t = '2026-01-02T03:04:05.000Z';
    expect(readFileSync(join(dir, 'suite.log'), 'utf8')).toBe(
      [
        `${t} org/a pubmed_qa: /d: the project's test fixture`,
        `${t} org/a pubmed_qa: warning[EF_DATA_DRIFT]: /d has sha256 1`,
        `${t} org/b pubmed_qa: warning[EF_DATA_DRIFT]: /d has sha256 1`,
        `${t} org/b pubmed_qa: error[EF_X]: key ${redact('sk-suite-log-secret-1234')} refused`,
        `${t} org/b pubmed_qa: hint: set another key`,
        `${t} org/a pubmed_qa: status: success (pubmed_qa, org/a)`,
        `${t} org/a pubmed_qa: metrics: …`,
        `${t} suite s: 2 jobs in 2 units: 2 success`,
        '',
      ].join('\n'),
    );
  });

  it('a suite folder whose suite.log cannot be opened (a folder in its place) is EF_OUTPUT_WRITE naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-suite-log-'));
    mkdirSync(join(dir, 'suite.log'));
    expect(() => new SuiteLog(dir)).toThrow(
      expect.objectContaining({
        code: 'EF_OUTPUT_WRITE',
        message: `cannot write to ${join(dir, 'suite.log')}: EISDIR`,
      }),
    );
  });
});
