// Loads the economic nexus rules (content/nexus-rules.json) once per process, on first use: only
// the functions that measure nexus ship the file. In a Lambda bundle it sits next to the handler;
// on a developer machine it is the project's content/nexus-rules.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NexusRules, type NexusRulesArtifact } from '../../core/nexus/thresholds';

export const NEXUS_RULES_FILE_NAME = 'nexus-rules.json';

let loaded: NexusRules | undefined;

function rulesPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, NEXUS_RULES_FILE_NAME), join(here, '..', '..', '..', 'content', NEXUS_RULES_FILE_NAME)];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`nexus rules not found (looked in ${candidates.join(', ')}); run npm run content`);
  return found;
}

/** The process's nexus rules; the first call reads and checks the file. */
export function nexusRules(): NexusRules {
  loaded ??= new NexusRules(JSON.parse(readFileSync(rulesPath(), 'utf8')) as NexusRulesArtifact);
  return loaded;
}
