#!/usr/bin/env node
// npm links bins when it installs, before `npm run build` has made dist/: the link needs a file that is committed.
import '../dist/bin.js';
