// Runs commands one after the other with the terminal as theirs, stopping at the first that fails
// (its exit code becomes ours): what `a && b` did in package.json, as one command that answers
// --help (npm appends a script's arguments to its last command only).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths';

export function runSteps(steps: readonly (readonly string[])[]): never {
  const bin = join(PROJECT_ROOT, 'node_modules', '.bin');
  for (const [command, ...args] of steps) {
    const result = spawnSync(command!, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    if (result.error) throw result.error;
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  process.exit(0);
}
