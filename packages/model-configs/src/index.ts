/** @eval-factory/model-configs — the merged Evaluation → model_configs/*.yaml (docs/configuration.md); names of secrets only. */
export { renderModelConfigs, type RenderedModelConfigs } from './render.js';
export { precompiledTemplatesJson, PRECOMPILED_TEMPLATES_URL } from './templates.js';
export { checkJudgeCredentials } from './judge-credentials-check.js';
export { writeModelConfigs, writeRenderedModelConfigs } from './write.js';
