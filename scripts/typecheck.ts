// `npm run typecheck`: the service, scripts and tests, then the console's browser code, which has
// compiler settings of its own (DOM, JSX: console/tsconfig.json).
import { commandLine } from '../lib/command-line';
import { runSteps } from './lib/steps';

commandLine({
  command: 'npm run typecheck --',
  summary: 'Type-checks the project (tsc --noEmit), then the operations console with its own settings (tsc --noEmit -p console).',
});
runSteps([
  ['tsc', '--noEmit'],
  ['tsc', '--noEmit', '-p', 'console'],
]);
