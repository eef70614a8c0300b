/** The view's two renderings with stand-in streams (a terminal and a log), and the warning said once. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { SuiteBoard } from './board.js';
import { openSuiteView, suiteViewMode } from './view.js';
import { escapeTerminalOutput } from '../terminal-guard.js';

function stream(isTTY: boolean): { s: NodeJS.WriteStream; text: () => string } {
  const s = Object.assign(new PassThrough(), { isTTY, columns: 60 }) as unknown as NodeJS.WriteStream;
  let text = '';
  s.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { s, text: () => text };
}
const tick = () => new Promise((r) => setImmediate(r));
const board = () =>
  new SuiteBoard('toy', [
    { model: 'org/a', job: 'pubmed_qa' },
    { model: 'org/b', job: 'pubmed_qa' },
  ]);

describe('openSuiteView', () => {
  it('not on a terminal: a line when a job ends and the overall line at the end, no escapes; a repeated warning once', async () => {
    const err = stream(false);
    const out = stream(false);
    const view = openSuiteView(board(), 'plain', { err: err.s, out: out.s });
    view.start(0);
    err.s.write('warning[EF_X]: same for every job\n');
    err.s.write('warning[EF_X]: same for every job\n');
    // A job's engine lines carry its label: the same words from two jobs are two facts, both said.
    err.s.write('org/a pubmed_qa: warning[EF_Z]: 2 of 5 instances failed\n');
    err.s.write('org/b pubmed_qa: warning[EF_Z]: 2 of 5 instances failed\n');
    err.s.write('error[EF_Y]: a\n');
    err.s.write('error[EF_Y]: a\n');
    view.end(0, 'success');
    view.close();
    await tick();
    expect(err.text()).toMatch(
      /^warning\[EF_X\]: same for every job\norg\/a pubmed_qa: warning\[EF_Z\]: 2 of 5 instances failed\norg\/b pubmed_qa: warning\[EF_Z\]: 2 of 5 instances failed\nerror\[EF_Y\]: a\nerror\[EF_Y\]: a\n\[1\/2\] success {2}org\/a pubmed_qa in \d+s \| 1 queued\nsuite toy: jobs 1\/2 done, 1 queued \| requests 0\/0\+\n$/,
    );
    // The stream's own write is back.
    err.s.write('warning[EF_X]: same for every job\n');
    await tick();
    expect(err.text().endsWith('job\n')).toBe(true);
  });

  it('on a terminal: one block redrawn in place, other output printed above it, the last state left', async () => {
    const err = stream(true);
    const out = stream(true);
    const b = board();
    const view = openSuiteView(b, 'tty', { err: err.s, out: out.s });
    view.start(0);
    view.start(1);
    out.s.write('a summary line\n');
    view.end(0, 'success');
    view.close();
    await tick();
    const text = err.text();
    // Block of 3 lines (overall + a line per endpoint) drawn, then cleared (up 2, clear to the end) before the
    // summary; a job's end is printed above the block, which is drawn again without it.
    expect(text).toContain(
      'suite toy: jobs 0/2 done, 2 running | requests 0/0+\n  org/a: jobs 0/1 | pubmed_qa starting\n  org/b: jobs 0/1 | pubmed_qa starting',
    );
    expect(text).toContain('\r\x1b[2A\x1b[J');
    expect(text).toMatch(
      /\r\x1b\[2A\x1b\[J\[1\/2\] success {2}org\/a pubmed_qa in \d+s \| 1 running\nsuite toy: jobs 1\/2 done, 1 running \| requests 0\/0\+\n {2}org\/b: jobs 0\/1 \| pubmed_qa starting/,
    );
    expect(out.text()).toBe('a summary line\n');
    expect(text.endsWith('\x1b[?25hsuite toy: jobs 1/2 done, 1 running | requests 0/0+\n')).toBe(true);
  });

  it('EF_PROGRESS decides, else a terminal outside CI gets the live view', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    expect(suiteViewMode({ EF_PROGRESS: 'off' }, tty)).toBe('off');
    expect(suiteViewMode({}, tty)).toBe('tty');
    expect(suiteViewMode({ CI: 'true' }, tty)).toBe('plain');
    expect(suiteViewMode({}, { isTTY: false } as NodeJS.WriteStream)).toBe('plain');
  });
});

describe('27.15 names with control characters (a run entry, --suite) under the terminal guard', () => {
  it("the guard escapes what others write; the view's own cursor movements go out, its names escaped", async () => {
    const err = stream(true);
    const out = stream(true);
    const restore = escapeTerminalOutput([err.s, out.s]);
    const hostile = new SuiteBoard('s\x1b]0;title\x07', [{ model: 'org/a', job: 'head_qa,foo=\x1b[2Jbar' }]);
    const view = openSuiteView(hostile, 'tty', { err: err.s, out: out.s });
    view.start(0);
    err.s.write('head_qa,foo=\x1b[2Jbar: warning[EF_X]: a\n');
    view.close();
    restore();
    await tick();
    const text = err.text();
    expect(text).toContain('\r\x1b[1A\x1b[J'); // the view's own redraw
    expect(text).toContain('head_qa,foo=\\x1b[2Jbar');
    expect(text).toContain('s\\x1b]0;title\\x07');
    expect(text).not.toMatch(/\x1b\[2J|\x1b\]|\x07/);
  });
});
