// The official AvaTax client (npm `avatax`) pointed at the local runner: its environment is the
// runner's URL, to which it appends /api/v2/... Its answers (and the tests' own calls below /api/v2)
// are checked against the OpenAPI document like every other response of the suite.
import Avatax from 'avatax';
import { inject } from 'vitest';
import { AVATAX_BASE_PATH } from '../../functions/manifest/route';
import { KEYS } from '../fixtures/seed';
import { conformingFetch } from './http';

// The client calls the global fetch.
const plainFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url).pathname.startsWith(`${AVATAX_BASE_PATH}/`) ? conformingFetch(input, init) : plainFetch(input, init);
};

export const AVATAX_ACCOUNT = 'acct_avatax';

interface Credentials {
  readonly accountId?: string | number;
  readonly licenseKey?: string;
  readonly bearerToken?: string;
}

/** A client as a connector builds one, with the account id and a key of the AvaTax test account by default. */
export function avatax(credentials: Credentials = { accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avatax }, strict = false): Avatax {
  const client = new Avatax({ appName: 'stx-tests', appVersion: '1.0', environment: inject('baseUrl'), machineName: 'ci', enableStrictTypeConversion: strict });
  // The client types its account id as a number; a string id is sent as it is.
  return Object.keys(credentials).length === 0 ? client : client.withSecurity(credentials as never);
}

/** The AvalaraError the client raises for an AvaTax error body, with its code and details. */
export async function avataxError(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; target: string; details: { code: string; number: number }[] }> {
  return call.then(
    () => {
      throw new Error('expected an AvalaraError');
    },
    (e: unknown) => e as { code: string; message: string; target: string; details: { code: string; number: number }[] },
  );
}
