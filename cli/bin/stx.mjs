#!/usr/bin/env node
// Runs the TypeScript sources through tsx (a dependency of the repository), so `npx stx` needs no build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
