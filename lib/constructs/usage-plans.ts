// One usage plan per environment. Keys join them at runtime (functions/adapters/apigateway/usage-keys.ts
// finds the plans by these names), and the authorizer tells API Gateway which key a request uses.
import { type RestApi, type ThrottleSettings, UsagePlan } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import type { Environment } from '../../functions/manifest/route';

/**
 * The per-key flood guard: a token bucket far above any per-minute limit a key is normally granted
 * (defaults 60 and 300/min), so it never refuses what the functions' exact fixed-window counters
 * would allow, yet stops a runaway client before it reaches a function. Accounts granted more than
 * about 6,000 requests a minute by a rate_limits override need this raised
 * (`-c gatewayKeyRatePerSecond=<n>`).
 */
export const DEFAULT_GATEWAY_KEY_RATE_PER_SECOND = 100;

/** A burst of three seconds' worth: a production key's whole minute (300) may arrive at once. */
export function perKeyThrottle(ratePerSecond: number): Required<Pick<ThrottleSettings, 'rateLimit' | 'burstLimit'>> {
  return { rateLimit: ratePerSecond, burstLimit: ratePerSecond * 3 };
}

export interface UsagePlansProps {
  readonly namePrefix: string;
  readonly api: RestApi;
  /** Per-key steady rate the gateway lets through (requests per second). */
  readonly keyRatePerSecond: number;
}

export class UsagePlans extends Construct {
  readonly byEnvironment = new Map<Environment, UsagePlan>();

  constructor(scope: Construct, id: string, props: UsagePlansProps) {
    super(scope, id);
    for (const environment of ['sandbox', 'production'] as const) {
      const plan = new UsagePlan(this, environment, {
        name: `${props.namePrefix}-${environment}`,
        description: `${environment} API keys: per-key flood guard (no quota; exact limits are the functions')`,
        throttle: perKeyThrottle(props.keyRatePerSecond),
        apiStages: [{ api: props.api, stage: props.api.deploymentStage }],
      });
      this.byEnvironment.set(environment, plan);
    }
  }
}
