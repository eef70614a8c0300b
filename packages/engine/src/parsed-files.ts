import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { ParsedFile } from '@eval-factory/types';

/**
 * The files the factory wrote for this engine's current command line and handed over parsed with it (ParsedFile in
 * @eval-factory/types), set by bin.ts for each command line it reads from stdin.
 */
let handed: readonly ParsedFile[] = [];

export function useParsedFiles(files: readonly ParsedFile[]): void {
  handed = files;
}

/**
 * model_deployments.yaml's value: the factory's parse while the file holds exactly the text it parsed (the engine's
 * own first parse of it was 10–15 ms of its CPU before its first request), else the file parsed here. Throws what
 * reading or parsing the file throws (the caller reports it as EF_MODEL_CONFIGS). Not the config's readYamlFile (a
 * user's file: YAML 1.2 core schema, its errors coded EF_YAML with their line).
 */
export function readDeploymentsYaml(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  const path = resolve(file);
  const known = handed.find((p) => p.file === path && p.text === text);
  return known ? known.value : parse(text);
}
