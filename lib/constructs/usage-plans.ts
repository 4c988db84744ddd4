// One usage plan per environment. Keys join them at runtime (functions/adapters/apigateway/usage-keys.ts
// finds the plans by these names), and the authorizer tells API Gateway which key a request uses.
import { UsagePlan, type RestApi, type ThrottleSettings } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import type { Environment } from '../routes';
import type { RuntimeSettings } from '../runtime-settings';

/**
 * A per-key token bucket holding one minute's allowance, refilled at five times the average rate:
 * a burst guard that stops floods before they reach a function. The functions' fixed-window
 * counters stay the exact, authoritative limit (and answer with the contract's headers).
 */
export function perKeyThrottle(perMinute: number): ThrottleSettings {
  return { burstLimit: perMinute, rateLimit: Math.max(1, Math.ceil(perMinute / 60)) * 5 };
}

export interface UsagePlansProps {
  readonly namePrefix: string;
  readonly api: RestApi;
  readonly settings: RuntimeSettings;
}

export class UsagePlans extends Construct {
  readonly byEnvironment = new Map<Environment, UsagePlan>();

  constructor(scope: Construct, id: string, props: UsagePlansProps) {
    super(scope, id);
    const perMinute: Record<Environment, number> = {
      sandbox: props.settings.generalPerMinuteSandbox,
      production: props.settings.generalPerMinuteProduction,
    };
    for (const environment of ['sandbox', 'production'] as const) {
      const plan = new UsagePlan(this, environment, {
        name: `${props.namePrefix}-${environment}`,
        description: `${environment} API keys: per-key burst guard (no quota)`,
        throttle: perKeyThrottle(perMinute[environment]),
        apiStages: [{ api: props.api, stage: props.api.deploymentStage }],
      });
      this.byEnvironment.set(environment, plan);
    }
  }
}
