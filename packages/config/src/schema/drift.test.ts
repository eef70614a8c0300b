/**
 * Drift between the checked-in JSON Schema, the hand-written TS key lists (evaluation.ts) and framework.yml's
 * defaults: any key added to one and not the others fails here.
 */
import { describe, it, expect } from '@jest/globals';
import { API_ENDPOINT_KEYS, CONFIG_KEYS, EXTRA_KEYS, PARAM_KEYS, TOP_LEVEL_KEYS } from '../evaluation.js';
import { loadFramework } from '../framework.js';
import { ADAPTER_KEYS } from '../rules/adapter-config.js';
import { runConfigSchema } from './validate.js';

type SchemaNode = { properties?: Record<string, SchemaNode> };
const props = (node: SchemaNode | undefined): string[] => Object.keys(node?.properties ?? {}).sort();
const sorted = (keys: readonly string[]): string[] => [...keys].sort();

const root = runConfigSchema as unknown as SchemaNode;
const config = root.properties!.config!;
const params = config.properties!.params!;
const extra = params.properties!.extra!;
const endpoint = root.properties!.target!.properties!.api_endpoint!;

const fw = loadFramework();
const defaults = fw.defaults as any;

describe('schema ↔ TS types', () => {
  it.each<[string, string[], readonly string[]]>([
    ['top level (plus run_config-only metadata)', props(root), [...TOP_LEVEL_KEYS, 'metadata']],
    ['config', props(config), CONFIG_KEYS],
    ['config.params', props(params), PARAM_KEYS],
    ['config.params.extra', props(extra), EXTRA_KEYS],
    ['target.api_endpoint', props(endpoint), API_ENDPOINT_KEYS],
  ])('%s', (_name, schemaKeys, typeKeys) => {
    expect(schemaKeys).toEqual(sorted(typeKeys));
  });
});

describe('schema ↔ framework.yml defaults', () => {
  it('declares every params key (null where optional)', () => {
    expect(sorted(Object.keys(defaults.config.params))).toEqual(props(params));
  });

  it('declares every extra key', () => {
    expect(sorted(Object.keys(defaults.config.params.extra))).toEqual(props(extra));
  });

  it('top-level keys after injection are exactly the five of §1.1 (config.type/output_dir come later)', () => {
    expect(sorted(Object.keys(defaults))).toEqual(sorted(TOP_LEVEL_KEYS));
  });

  it('adapter_config defaults are implemented keys', () => {
    const keys = Object.keys(defaults.target.api_endpoint.adapter_config);
    expect(keys.filter((k) => !(k in ADAPTER_KEYS))).toEqual([]);
  });
});
