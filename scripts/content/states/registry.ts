// The states whose content has rules or data files of its own (one module each, behind StateBuild),
// made afresh for each build.
import { california } from './ca';
import { illinois } from './il';
import { kentucky } from './ky';
import { massachusetts } from './ma';
import { minnesota } from './mn';
import { newJersey } from './nj';
import { newYork } from './ny';
import { pennsylvania } from './pa';
import { rhodeIsland } from './ri';
import type { StateBuild } from './state-build';
import { vermont } from './vt';

export function stateBuilds(): StateBuild[] {
  return [california(), illinois(), kentucky(), massachusetts(), minnesota(), newJersey(), newYork(), pennsylvania(), rhodeIsland(), vermont()];
}
