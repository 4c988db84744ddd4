// Loads the economic nexus rules (content/nexus-rules.json) once per process, on first use: only
// the functions that measure nexus ship the file. In a Lambda bundle it sits next to the handler;
// on a developer machine it is the project's content/nexus-rules.json.
import { readFileSync } from 'node:fs';
import { NexusRules, type NexusRulesArtifact } from '../../core/nexus/thresholds';
import { contentFilePath } from './content-path';

export const NEXUS_RULES_FILE_NAME = 'nexus-rules.json';

let loaded: NexusRules | undefined;

/** The process's nexus rules; the first call reads and checks the file. */
export function nexusRules(): NexusRules {
  loaded ??= new NexusRules(JSON.parse(readFileSync(contentFilePath(NEXUS_RULES_FILE_NAME, 'nexus rules'), 'utf8')) as NexusRulesArtifact);
  return loaded;
}
