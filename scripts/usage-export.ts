// The operator's monthly usage export: every account's metered usage of a month as CSV, one row
// per account, environment, key, UTC day and billable kind, read from the usage table
// (functions/manifest/resources.ts USAGE_TABLE) of a deployed stage or of a local runner's DynamoDB Local.
//   npm run usage-export -- --month 2026-11 --stage prod --out usage-2026-11.csv
//   npm run usage-export -- --month 2026-11 --endpoint http://127.0.0.1:8000
import { writeFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UsageStore } from '../functions/adapters/dynamodb/usage-store';
import { exportUsage } from '../functions/application/usage';
import { USAGE_TABLE } from '../functions/manifest/resources';
import { commandLine, isMain, refuse } from '../lib/command-line';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableName } from '../lib/local/provision';

const spec = {
  command: 'npm run usage-export --',
  summary:
    "Writes every account's metered usage of a month as CSV (account_id, environment, key_id, day, kind, units): from a deployed stage's usage table with the AWS credentials of the environment, or from a local runner's DynamoDB Local (the endpoint `npm start` prints).",
  options: {
    month: { type: 'string', value: '<YYYY-MM>', description: 'the month, UTC days (required)' },
    stage: { type: 'string', value: '<name>', description: 'a stage deployed with npx cdk deploy -c stage=<name>: its table salestax-<name>-usage' },
    endpoint: { type: 'string', value: '<url>', description: "a local runner's DynamoDB Local endpoint (its table salestax-local-usage)" },
    table: { type: 'string', value: '<name>', description: 'the usage table by name, in place of the one --stage or --endpoint implies' },
    out: { type: 'string', value: '<file>', description: 'where to write the CSV (default: standard output)' },
  },
  environment: { AWS_PROFILE: 'the credentials to use (with --stage)', AWS_REGION: "the stage's region (with --stage)" },
} as const;

if (isMain(import.meta.url)) {
  const { values } = commandLine(spec);
  if (!values.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) refuse(spec, '--month YYYY-MM is required');
  if ((values.stage === undefined) === (values.endpoint === undefined)) refuse(spec, 'name one of --stage and --endpoint');
  const local = values.endpoint !== undefined;
  const client = new DynamoDBClient(local ? { endpoint: values.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS } : {});
  const table = values.table ?? (local ? localTableName(USAGE_TABLE) : `salestax-${values.stage}-${USAGE_TABLE.id.toLowerCase()}`);
  const csv = await exportUsage(new UsageStore(DynamoDBDocumentClient.from(client), table), values.month).catch((error: Error) => {
    // One line saying what could not be read, not a stack: the usual cause is a stopped runner or the wrong credentials.
    console.error(`usage-export: cannot read ${table}${local ? ` at ${values.endpoint}` : ''}: ${error.message}`);
    process.exit(1);
  });
  client.destroy();
  if (values.out) {
    writeFileSync(values.out, csv);
    console.error(`wrote ${values.out}: ${csv.split('\n').length - 2} rows of ${values.month}`);
  } else process.stdout.write(csv);
}
