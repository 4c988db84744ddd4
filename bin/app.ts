// CDK app: `npx cdk synth -c stage=<name>` (default dev) → stack SalesTax-<stage>, checked by cdk-nag.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { acknowledgeNagFindings } from '../lib/nag-suppressions';
import { SalesTaxStack } from '../lib/stack';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const gatewayKeyRate = app.node.tryGetContext('gatewayKeyRatePerSecond');
// `-c publicUrl=https://tax.example.com`: the server the OpenAPI document names (a custom domain).
const publicUrl = app.node.tryGetContext('publicUrl');
// Environment-agnostic on purpose: nothing is looked up, and the template (with cdk-nag's finding
// ids) stays the same whatever AWS profile the machine has; the deploying account decides.
// `-c withoutSurfaces=true`: the stage without its compatibility surfaces' routes, the first step
// of moving them into their nested stacks on a stage deployed before (docs/deploy-to-aws.md).
const withoutSurfaces = String(app.node.tryGetContext('withoutSurfaces') ?? 'false');
if (!['true', 'false'].includes(withoutSurfaces)) throw new Error(`withoutSurfaces must be true or false, not "${withoutSurfaces}"`);
const stack = new SalesTaxStack(app, `SalesTax-${stage}`, {
  stage,
  gatewayKeyRatePerSecond: gatewayKeyRate === undefined ? undefined : Number(gatewayKeyRate),
  publicUrl: publicUrl === undefined ? undefined : String(publicUrl),
  withoutSurfaces: withoutSurfaces === 'true',
});

// cdk-nag 3 is a policy-validation plugin (Validations), not an aspect: unacknowledged findings
// fail the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
acknowledgeNagFindings(stack);
