import { UserError } from '@eval-factory/errors';

/** The command's program could not be started (no such file), for a run and for a short engine command alike. */
export function engineNotFound(program: string): UserError {
  return new UserError(
    'EF_ENGINE_NOT_FOUND',
    `cannot start the engine '${program}'`,
    'run `npm run build` in the eval-factory checkout, or check framework.yml defaults.command',
  );
}
