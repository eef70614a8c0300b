export { argvOf, renderCommand, renderArgv, templateContext } from './render-command.js';
export { splitArgv } from './split-argv.js';
export { quoteShellWord } from './shell-quote.js';
export { isSet, createTemplateEnvironment } from './template-helpers.js';
