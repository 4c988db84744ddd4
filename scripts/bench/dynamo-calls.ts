// The `calls` part of the bench: DynamoDB calls per commit, refund and lookup of a warm function, for
// a key at the default limits and one whose high limit lets the process lease rate tokens.
import { inProcess } from '../../lib/local/invoke';
import { TEN_LINES } from './document';
import type { Runner } from './processes';
import { DEFAULT_KEY, type Figures, KEY, type Log } from './settings';

async function dynamoCalls(dynamoEndpoint: string, key: string): Promise<{ commit: number; refund: number; lookup: number }> {
  const { invoke, dynamoCalls: calls } = inProcess(dynamoEndpoint);
  const sale = (code: string) => ({ code, ...TEN_LINES });
  const tag = key === KEY ? 'leased' : 'default';
  const counted = async (fn: () => Promise<unknown>) => {
    const before = await calls();
    await fn();
    return (await calls()) - before;
  };
  await invoke('POST', '/api/v1/transactions', key, sale(`bench-warm-${tag}`));
  const commit = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(`bench-calls-${tag}`)));
  const refund = await counted(() =>
    invoke('POST', `/api/v1/transactions/bench-calls-${tag}/refunds`, key, { refund_code: `bench-calls-${tag}-r1`, lines: [{ number: '1', amount: 10 }] }),
  );
  const lookup = await counted(() => invoke('GET', `/api/v1/transactions/bench-calls-${tag}`, key));
  return { commit, refund, lookup };
}

export async function dynamoCallFigures(server: Runner, log: Log): Promise<Figures> {
  const calls = await dynamoCalls(server.dynamo, DEFAULT_KEY);
  const leased = await dynamoCalls(server.dynamo, KEY);
  log(`DynamoDB calls per request (warm), default limits: commit ${calls.commit}, refund ${calls.refund}, lookup ${calls.lookup}`);
  log(`DynamoDB calls per request (warm), key with leased tokens: commit ${leased.commit}, refund ${leased.refund}, lookup ${leased.lookup}`);
  return {
    ddb_calls_commit: calls.commit,
    ddb_calls_refund: calls.refund,
    ddb_calls_lookup: calls.lookup,
    ddb_calls_commit_leased: leased.commit,
    ddb_calls_refund_leased: leased.refund,
    ddb_calls_lookup_leased: leased.lookup,
  };
}
