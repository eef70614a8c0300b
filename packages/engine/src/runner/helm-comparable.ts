/**
 * Why a run is not comparable with published MedHELM numbers, one short phrase each (docs/results.md): the run's
 * evaluation_config.yaml lists them under `helm_incompatible_reasons`, and the leaderboard, viewer and report show
 * them beside `non-HELM settings`. An empty list is a run HELM would have made.
 */
import { isShippedFixture } from '@eval-factory/files';

export interface ComparableFacts {
  /** max_new_tokens, temperature or top_p other than HELM's were sent. */
  readonly generationAsHelm: boolean;
  readonly systemPrompt: boolean;
  /** Judged runs: whether the jury is HELM's (gpt, llama, claude); undefined when the run has no jury. */
  readonly helmJury?: boolean;
  readonly dataPath: string | null;
  /** The loader's word that the files hold only part of HELM's data (LoadedData.partial). */
  readonly partialData?: string;
  /** `extra.prompt_texts`: prompts other than HELM's. */
  readonly promptTexts: string | null;
}

/** @example helmIncompatibleReasons({ generationAsHelm: true, systemPrompt: false, dataPath: null, promptTexts: 't.yaml' }) // ["prompts other than HELM's (extra.prompt_texts)"] */
export function helmIncompatibleReasons(f: ComparableFacts): string[] {
  return [
    ...(f.generationAsHelm ? [] : ["generation settings other than HELM's (max_new_tokens, temperature or top_p)"]),
    ...(f.systemPrompt ? ['a system prompt (HELM sends none)'] : []),
    ...(f.helmJury === false ? ["a jury other than HELM's (gpt, llama, claude)"] : []),
    // The project's shipped fixtures are not the upstream data.
    ...(f.dataPath !== null && isShippedFixture(f.dataPath)
      ? ["the project's test fixture, not the benchmark's data"]
      : []),
    ...(f.partialData ? [f.partialData] : []),
    ...(f.promptTexts !== null ? ["prompts other than HELM's (extra.prompt_texts)"] : []),
  ];
}
