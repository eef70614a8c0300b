export { renderArgv, renderCommand } from './render/render-command.js';
export { precompiledCommandsJson, PRECOMPILED_COMMANDS_URL } from './render/precompiled.js';
export { runEngine } from './spawn/run-engine.js';
export type { PrestartedEngine } from './spawn/prestart.js';
export { normalizeOutputs } from './normalize/normalize-outputs.js';
export { runEngineTool } from './spawn/engine-tool.js';
export { previewPrompts, type PreviewResult } from './preview/preview-prompts.js';
export { lockHolder, lockOutputDir } from './lock/output-lock.js';
