#!/usr/bin/env node
import { endOnClosedPipe } from '@eval-factory/errors';
import { main } from './main.js';

endOnClosedPipe();

main().then((code) => {
  process.exitCode = code;
});
