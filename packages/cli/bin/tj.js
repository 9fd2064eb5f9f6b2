#!/usr/bin/env node
// The committed entry point: pnpm links `tj` at install time, before `tsc -b` has written dist/.
import '../dist/bin.js';
