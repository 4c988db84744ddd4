// API Gateway usage-plan keys. Every service key has a twin API Gateway key whose value is the
// SHA-256 of the secret (the authorizer presents that hash as the usage identifier), attached to its
// environment's usage plan, so API Gateway throttles per key before a function runs. Plans are
// found by name (`<prefix>-sandbox`, `<prefix>-production`): passing their ids to the functions
// would make the stack circular. On the local runner there is no gateway and nothing happens.
import { APIGatewayClient, CreateApiKeyCommand, CreateUsagePlanKeyCommand, GetUsagePlansCommand, UpdateApiKeyCommand } from '@aws-sdk/client-api-gateway';
import type { UsageKeyRegistry } from '../../core/access/ports';
import type { Environment } from '../../core/access/records';

export const noGateway: UsageKeyRegistry = {
  register: async () => null,
  disable: async () => undefined,
};

export class ApiGatewayUsageKeys implements UsageKeyRegistry {
  private readonly client = new APIGatewayClient({ maxAttempts: 4 });
  private plans: Promise<Map<string, string>> | undefined;

  constructor(private readonly namePrefix: string) {}

  private async planId(environment: Environment): Promise<string> {
    this.plans ??= (async () => {
      const byName = new Map<string, string>();
      let position: string | undefined;
      do {
        const page = await this.client.send(new GetUsagePlansCommand({ position, limit: 500 }));
        for (const plan of page.items ?? []) if (plan.name && plan.id) byName.set(plan.name, plan.id);
        position = page.position;
      } while (position);
      return byName;
    })();
    const id = (await this.plans).get(`${this.namePrefix}-${environment}`);
    if (!id) throw new Error(`usage plan ${this.namePrefix}-${environment} not found`);
    return id;
  }

  async register(keyId: string, keyHash: string, environment: Environment): Promise<string> {
    const usagePlanId = await this.planId(environment);
    const created = await this.client.send(new CreateApiKeyCommand({ name: keyId, value: keyHash, enabled: true }));
    await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: created.id, keyType: 'API_KEY' }));
    return created.id!;
  }

  async disable(gatewayKeyId: string): Promise<void> {
    await this.client.send(new UpdateApiKeyCommand({ apiKey: gatewayKeyId, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }));
  }
}

/** The registry of a stage behind API Gateway, or none (the local runner). */
export function usageKeyRegistry(namePrefix: string | undefined): UsageKeyRegistry {
  return namePrefix ? new ApiGatewayUsageKeys(namePrefix) : noGateway;
}
