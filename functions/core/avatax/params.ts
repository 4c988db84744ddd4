// Query parameters as AvaTax reads them: by name in any letter case (`$Filter`, `textcase`), since
// clients differ. A name sent in two spellings is refused like one sent twice (duplicate_value at
// its canonical name), so a proxy that reads one spelling can never see another value than the one
// served.
import { validationError } from '../errors';

/** The named parameters' values by canonical name; others are left out (AvaTax ignores them too). */
export function avataxParams<N extends string>(
  params: Readonly<Record<string, string | undefined>> | null | undefined,
  names: readonly N[],
): Partial<Record<N, string>> {
  const lookup = new Map<string, N>(names.map((name) => [name.toLowerCase(), name]));
  const out: Partial<Record<N, string>> = {};
  const twice = new Set<N>();
  for (const [key, value] of Object.entries(params ?? {})) {
    const name = lookup.get(key.toLowerCase());
    if (name === undefined || value === undefined) continue;
    if (name in out) twice.add(name);
    out[name] = value;
  }
  if (twice.size > 0)
    throw validationError(
      [...twice].map((name) => ({ code: 'duplicate_value', target: `query.${name}`, message: 'Was sent more than once (in some letter case); send it once.' })),
    );
  return out;
}

/** The query options of an AvaTax list. */
export const LIST_PARAMS = ['$filter', '$top', '$skip', '$orderBy', '$include'] as const;
export type ListParams = Partial<Record<(typeof LIST_PARAMS)[number], string>>;
