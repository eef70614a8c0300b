export { renderArgv, renderCommand } from './render/render-command.js';
export { EVENTS_ENV, runEngine } from './spawn/run-engine.js';
export { prestartEngine } from './spawn/prestart.js';
export { ENGINE_PROGRAM } from './spawn/engine-process.js';
export type { PrestartedEngine } from './spawn/prestart.js';
export { normalizeOutputs } from './normalize/normalize-outputs.js';
export { runEngineTool } from './spawn/engine-tool.js';
export { previewPrompts, type PreviewResult } from './preview/preview-prompts.js';
export { lockHolder, lockOutputDir } from './lock/output-lock.js';
