// The DynamoDB tables of functions/manifest/resources.ts: on-demand, point-in-time recovery, TTL, AWS-managed keys.
import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLES, type TableDef } from '../../functions/manifest/resources';

export interface TablesProps {
  readonly namePrefix: string;
  readonly removalPolicy: RemovalPolicy;
  /** Refuse table deletion outright (production). */
  readonly deletionProtection: boolean;
}

const key = (name: string) => ({ name, type: AttributeType.STRING });

export class Tables extends Construct {
  /** By table id (functions/manifest/resources.ts). */
  readonly byId = new Map<string, Table>();

  constructor(scope: Construct, id: string, props: TablesProps) {
    super(scope, id);
    for (const def of TABLES) this.byId.set(def.id, this.table(def, props));
  }

  get(id: string): Table {
    const table = this.byId.get(id);
    if (!table) throw new Error(`no table ${id}`);
    return table;
  }

  private table(def: TableDef, props: TablesProps): Table {
    const table = new Table(this, def.id, {
      tableName: `${props.namePrefix}-${def.id.toLowerCase()}`,
      partitionKey: key(def.partitionKey),
      sortKey: def.sortKey ? key(def.sortKey) : undefined,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: def.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: props.removalPolicy,
      deletionProtection: props.deletionProtection,
      stream: def.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
    });
    for (const index of def.globalIndexes) {
      table.addGlobalSecondaryIndex({ indexName: index.name, partitionKey: key(index.partitionKey), sortKey: key(index.sortKey) });
    }
    return table;
  }
}
