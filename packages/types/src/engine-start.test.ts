import { describe, expect, it } from '@jest/globals';
import {
  engineCommandLine,
  envChangesSince,
  jobEndLine,
  readEngineCommandLine,
  readSendGo,
  readSlotsLine,
  sendGoLine,
  type SlotGrant,
  slotsLine,
} from './engine-start.js';

describe("an early engine's command line and the environment changed since it started", () => {
  it.each([
    ['nothing changed', { A: '1' }, { A: '1' }, {}],
    ['a variable set', { A: '1' }, { A: '1', KEY: 's3cret' }, { KEY: 's3cret' }],
    ['a variable changed', { A: '1' }, { A: '2' }, { A: '2' }],
    ['a variable removed', { A: '1', B: '2' }, { A: '1' }, { B: null }],
    ['undefined counts as unset', { A: undefined }, { A: undefined, B: undefined }, {}],
  ])('%s', (_name, then, now, changes) => {
    expect(envChangesSince(then, now)).toEqual(changes);
  });

  it('is the plain argv array when nothing changed, and the argv with its changes otherwise; both read back', () => {
    expect(engineCommandLine(['run', '--x'])).toBe('["run","--x"]\n');
    const line = engineCommandLine(['run'], { KEY: 'v', OLD: null });
    expect(line).toBe('{"argv":["run"],"env":{"KEY":"v","OLD":null}}\n');
    expect(readEngineCommandLine(line)).toEqual({ argv: ['run'], env: { KEY: 'v', OLD: null }, parsed: [] });
    expect(readEngineCommandLine('["a"]')).toEqual({ argv: ['a'], env: {}, parsed: [] });
  });

  it('carries the files the factory parsed for the engine, and reads them back', () => {
    const parsed = [{ file: '/o/model_configs/model_deployments.yaml', text: 'a: 1\n', value: { a: 1 } }];
    const line = engineCommandLine(['run'], {}, parsed);
    expect(line).toBe(`${JSON.stringify({ argv: ['run'], env: {}, parsed })}\n`);
    expect(readEngineCommandLine(line)).toEqual({ argv: ['run'], env: {}, parsed });
  });

  it.each([
    'run',
    '{"a":1}',
    '["run",1]',
    '{"argv":["r"],"env":null}',
    '{"argv":["r"],"env":{"A":2}}',
    '{"argv":["r"],"env":{},"parsed":{}}',
    '{"argv":["r"],"env":{},"parsed":[{"file":"f","text":"t"}]}',
    'null',
  ])('reads %s as no command line', (text) => {
    expect(readEngineCommandLine(text)).toBeNull();
  });
});

describe('the slot grant lines on a gated engine’s stdin', () => {
  it.each<[SlotGrant, string]>([
    [3, 'go 3\n'],
    [0, 'go 0\n'],
    ['all', 'go\n'],
  ])('sendGoLine(%j) is %j, which the engine reads back', (grant, line) => {
    expect(sendGoLine(grant)).toBe(line);
    expect(readSendGo(line)).toBe(grant);
  });

  it.each([
    ['  go 12  ', 12],
    ['go', 'all'],
    ['go -1', null],
    ['go 1.5', null],
    ['go 3 4', null],
    ['gone', null],
    ['', null],
    ['{"argv":[]}', null],
  ])('readSendGo(%j) is %j', (line, grant) => {
    expect(readSendGo(line)).toBe(grant);
  });
});

describe('the slots-given-up line on the engine’s stderr', () => {
  it.each([0, 1, 64])('slotsLine(%i) reads back', (n) => {
    expect(slotsLine(n)).toBe(`@ef-slots ${n}\n`);
    expect(readSlotsLine(slotsLine(n))).toBe(n);
  });

  it.each([
    ['@ef-slots 5', 5],
    ['@ef-slots x', null],
    ['@ef-slots -2', null],
    ['@ef-slots ', null],
    ['warning: @ef-slots 5', null], // only a line that starts with the prefix
    ['@ef-progress {}', null],
  ])('readSlotsLine(%j) is %j', (line, n) => {
    expect(readSlotsLine(line)).toBe(n);
  });
});

describe('jobEndLine', () => {
  it.each([
    ['t0k3n', 0, '@ef-job-end t0k3n 0\n'],
    ['abc', 130, '@ef-job-end abc 130\n'],
  ])('(%j, %i) is %j', (token, code, line) => {
    expect(jobEndLine(token, code)).toBe(line);
  });
});
