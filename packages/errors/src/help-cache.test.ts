import { describe, expect, it } from '@jest/globals';
import yargs from 'yargs';
import { skipHelpCache } from './help-cache.js';

/** A parser with one command whose handler records that it ran; `helpCalls` counts help renderings. */
function parser(argv: string[], skip: boolean) {
  const ran: string[] = [];
  const y = yargs(argv)
    .exitProcess(false)
    .strict()
    .command(
      'go',
      'do it',
      (c) => c.option('speed', { type: 'number', describe: 'how fast' }),
      (a) => void ran.push(`go ${a.speed}`),
    );
  const usage = (y as unknown as { getInternalMethods(): { getUsageInstance(): { help(): string } } })
    .getInternalMethods()
    .getUsageInstance();
  let helpCalls = 0;
  const help = usage.help.bind(usage);
  usage.help = () => {
    helpCalls++;
    return help();
  };
  return { y: skip ? skipHelpCache(y) : y, ran, helpCalls: () => helpCalls };
}

describe('skipHelpCache', () => {
  it('runs a command without rendering its help (yargs renders it once otherwise)', async () => {
    const plain = parser(['go', '--speed', '3'], false);
    await plain.y.parseAsync();
    expect([plain.ran, plain.helpCalls()]).toEqual([['go 3'], 1]);

    const skipped = parser(['go', '--speed', '3'], true);
    await skipped.y.parseAsync();
    expect([skipped.ran, skipped.helpCalls()]).toEqual([['go 3'], 0]);
  });

  it('still shows the command help on --help', async () => {
    let out = '';
    const { y } = parser([], true);
    await y.parseAsync(['go', '--help'], {}, (_err, _argv, output) => void (out = output));
    expect(out).toContain('how fast');
  });

  it('leaves an object without the yargs hook as it was', () => {
    const other = { getInternalMethods: () => ({}) };
    expect(skipHelpCache(other)).toBe(other);
  });
});
