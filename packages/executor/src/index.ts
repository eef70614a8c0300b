export * from './render/index.js';
export { runEngine, type EngineRun } from './spawn/run-engine.js';
export { resolveProgram } from './spawn/resolve-bin.js';
export { prestartEngine, type PrestartedEngine } from './spawn/prestart.js';
export {
  normalizeOutputs,
  readEngineSummary,
  type NormalizeInput,
  type NormalizeResult,
} from './normalize/normalize-outputs.js';
export { writeFileAtomic } from './normalize/write-atomic.js';
export { ENGINE_PROGRAM } from './spawn/engine-process.js';
export { runEngineTool, type EngineToolResult, type EngineToolOptions } from './spawn/engine-tool.js';
export {
  previewPrompts,
  type PreviewOptions,
  type PreviewResult,
  type PromptPreview,
  type PreviewMessage,
} from './preview/preview-prompts.js';
export { lockHolder, lockOutputDir, LOCK_FILE, type OutputLock } from './lock/output-lock.js';
export { makeDirSync } from './normalize/make-dir.js';
