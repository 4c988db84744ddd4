// `npm run lint`: Biome (lint and format check) over the repository, then the architecture rules of
// .dependency-cruiser.cjs over every import (docs/architecture.md, "Layers").
import { commandLine } from '../lib/command-line';
import { runSteps } from './lib/steps';

commandLine({
  command: 'npm run lint --',
  summary:
    'Biome in CI mode (lint and formatting, nothing written), then dependency-cruiser with the architecture rules of .dependency-cruiser.cjs. `npm run format` fixes the formatting.',
});
runSteps([
  ['biome', 'ci', '.'],
  ['depcruise', 'functions', 'lib', 'bin', 'scripts', 'test', 'console', '--config', '.dependency-cruiser.cjs'],
]);
