/**
 * The only list of benchmarks (docs/architecture.md): one line per benchmark, a duplicate check, lookup by YAML name.
 * Each definition module is imported when its benchmark is looked up, not when the registry is: a run needs one
 * benchmark, and loading every one of them (their parsers, prompts and metrics) would cost each run start-up time.
 */
import { UserError } from '@eval-factory/errors';
import type { BenchmarkDefinition } from '@eval-factory/types';

export interface RegistryEntry {
  readonly name: string;
  readonly load: () => Promise<BenchmarkDefinition>;
}

const ENTRIES: readonly RegistryEntry[] = [
  { name: 'pubmed_qa', load: async () => (await import('./pubmed_qa/definition.js')).pubmedQa },
  { name: 'head_qa', load: async () => (await import('./head_qa/definition.js')).headQa },
  { name: 'medbullets', load: async () => (await import('./medbullets/definition.js')).medbullets },
  { name: 'medcalc_bench', load: async () => (await import('./medcalc_bench/definition.js')).medcalcBench },
  { name: 'medec', load: async () => (await import('./medec/definition.js')).medec },
  { name: 'ehr_sql', load: async () => (await import('./ehr_sql/definition.js')).ehrSql },
  { name: 'race_based_med', load: async () => (await import('./race_based_med/definition.js')).raceBasedMed },
  { name: 'medhallu', load: async () => (await import('./medhallu/definition.js')).medhallu },
  {
    name: 'mtsamples_replicate',
    load: async () => (await import('./mtsamples_replicate/definition.js')).mtsamplesReplicate,
  },
  { name: 'ehrshot', load: async () => (await import('./ehrshot/definition.js')).ehrshot },
  { name: 'clear', load: async () => (await import('./clear/definition.js')).clear },
  { name: 'medalign', load: async () => (await import('./medalign/definition.js')).medalign },
  { name: 'n2c2_ct_matching', load: async () => (await import('./n2c2_ct_matching/definition.js')).n2c2CtMatching },
  { name: 'medhelm_med_qa', load: async () => (await import('./medhelm_med_qa/definition.js')).medhelmMedQa },
  { name: 'medication_qa', load: async () => (await import('./medication_qa/definition.js')).medicationQa },
  { name: 'medi_qa', load: async () => (await import('./medi_qa/definition.js')).mediQa },
  { name: 'aci_bench', load: async () => (await import('./aci_bench/definition.js')).aciBench },
  {
    name: 'mtsamples_procedures',
    load: async () => (await import('./mtsamples_procedures/definition.js')).mtsamplesProcedures,
  },
  { name: 'med_dialog', load: async () => (await import('./med_dialog/definition.js')).medDialog },
  { name: 'medhelm_med_mcqa', load: async () => (await import('./medhelm_med_mcqa/definition.js')).medhelmMedMcqa },
  { name: 'mimic_rrs', load: async () => (await import('./mimic_rrs/definition.js')).mimicRrs },
  { name: 'mimic_bhc', load: async () => (await import('./mimic_bhc/definition.js')).mimicBhc },
  {
    name: 'mimiciv_billing_code',
    load: async () => (await import('./mimiciv_billing_code/definition.js')).mimicivBillingCode,
  },
  { name: 'dischargeme', load: async () => (await import('./dischargeme/definition.js')).dischargeme },
];

/**
 * Builds the name → entry map; a repeated name is a programming error, caught at start-up.
 * @example buildRegistry([{ name: 'pubmed_qa', load }]).get('pubmed_qa')
 */
export function buildRegistry(entries: readonly RegistryEntry[]): ReadonlyMap<string, RegistryEntry> {
  const registry = new Map<string, RegistryEntry>();
  for (const entry of entries) {
    if (registry.has(entry.name)) throw new Error(`Duplicate benchmark name in the registry: ${entry.name}`);
    registry.set(entry.name, entry);
  }
  return registry;
}

const REGISTRY = buildRegistry(ENTRIES);

/** The registered names, in registration order (nothing is loaded). */
export function benchmarkNames(): readonly string[] {
  return [...REGISTRY.keys()];
}

/**
 * The benchmark registered under `name`; an unknown name is `EF_UNKNOWN_BENCHMARK` listing the known ones.
 * @example (await getBenchmark('pubmed_qa')).main_metric // 'exact_match'
 */
export async function getBenchmark(name: string): Promise<BenchmarkDefinition> {
  const entry = REGISTRY.get(name);
  if (!entry) {
    throw new UserError(
      'EF_UNKNOWN_BENCHMARK',
      `Unknown benchmark "${name}"`,
      `Known benchmarks: ${benchmarkNames().join(', ')} (see eval-factory ls).`,
    );
  }
  const definition = await entry.load();
  if (definition.name !== name) throw new Error(`registry entry ${name} loads the definition of ${definition.name}`);
  return definition;
}

/** Every registered benchmark, loaded, in registration order (one after the other: jest's ESM loader fails on
 * concurrent imports that share a dependency). */
export async function listBenchmarks(): Promise<readonly BenchmarkDefinition[]> {
  const definitions: BenchmarkDefinition[] = [];
  for (const entry of ENTRIES) definitions.push(await getBenchmark(entry.name));
  return definitions;
}
