// `npm run synth`: the CloudFormation template of a stage, offline, with cdk-nag's checks (cdk prints
// a warning for an option it does not know and goes on; this refuses it).
import { commandLine } from '../lib/command-line';
import { runSteps } from './lib/steps';

const { values } = commandLine({
  command: 'npm run synth --',
  summary:
    "Synthesizes the stack into cdk.out/ without an AWS account (npx cdk synth --quiet), running cdk-nag's AwsSolutions checks; fails on any finding not fixed or acknowledged in lib/nag-suppressions.ts.",
  options: {
    stage: { type: 'string', value: '<name>', description: 'the stage to synthesize (default dev); prod retains its tables' },
    context: { type: 'string', short: 'c', multiple: true, value: '<key=value>', description: 'more CDK context, e.g. gatewayKeyRatePerSecond=200' },
  },
  notes: ['docs/deploy-to-aws.md describes the stack, its stages and its context settings.'],
});
const context = [...(values.stage ? [`stage=${values.stage}`] : []), ...(values.context ?? [])].flatMap((c) => ['-c', c]);
runSteps([['cdk', 'synth', '--quiet', ...context]]);
