export { UserError, InternalError, EXIT, isUserError, formatError, reportError, fromDiskFull } from './user-error.js';
export { registerSecret, redact, mask, describeSecret, scrubSecrets, scrubValue, REDACTED } from './redact.js';
export { endOnClosedPipe } from './closed-pipe.js';
export { skipHelpCache } from './help-cache.js';
export { looksLikeSecret, startsLikeSecret } from './secret-shape.js';
export { terminalSafe } from './terminal-safe.js';
export {
  headerHoldsSecret,
  headerLooksSecret,
  headerReferences,
  isHeaderReference,
  missingHeaderVariable,
  registerHeaderSecrets,
  substituteHeader,
} from './header-secrets.js';
