// Three layers, each with its own rule: unit (no network), infra (CDK assertions, no AWS),
// integration (HTTP against the local runner on DynamoDB Local and the SQS emulator).
import { defineConfig } from 'vitest/config';

// Lambda runs nodejs22.x; these machines run Node 20, which the AWS SDK only warns about.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'client/test/unit/**/*.test.ts'], testTimeout: 30_000, env } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000, env } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'client/test/integration/**/*.test.ts', 'examples/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
