// That a nexus alert was sent: one item per tenant, state, kind of alert and period, written with
// its event in one TransactWriteItems on the condition that it does not exist, so an evaluation
// repeated (a retry, a redelivered batch item, two processes at once) sends the event once.
import type { Tenant } from '../../../core/access/records';
import { type ItemKey, tenantPartition } from './keys';

export const nexusAlertEntity = {
  key: (t: Tenant, alert: string): ItemKey => ({ PK: tenantPartition(t), SK: `NEXUSALERT#${alert}` }),

  put(table: string, t: Tenant, alert: string, at: string) {
    return {
      Put: {
        TableName: table,
        Item: { ...nexusAlertEntity.key(t, alert), entity: 'nexus_alert', alert, at },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },
};
