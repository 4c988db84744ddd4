// A customer of a tenant: one item in the tenant's partition, listed newest first. The ids of its
// exemption certificates are a list attribute the certificate's own write appends to; the profile
// a compatible API keeps for it (core/customers/profile.ts) is a map attribute of the same item,
// which the customer's own reading leaves out.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { Customer } from '../../../core/customers/customer';
import { type CustomerProfile, PROFILE_FIELDS, type ProfiledCustomer } from '../../../core/customers/profile';
import { maybe, parseItem } from '../item-schema';
import { type ItemKey, tenantPartition, tenantScope } from './keys';
import { listed } from './list-index';

const CustomerItem = v.object({
  customer_code: v.string(),
  name: maybe(v.string()),
  location_code: maybe(v.string()),
  created_at: v.string(),
  certificate_ids: v.optional(v.array(v.string()), []),
  declaration: v.optional(v.object({ exemption_type: v.string(), exempt_regions: v.array(v.object({ country: v.string(), state: v.string() })) })),
  address: v.optional(
    v.object({
      country: v.nullable(v.string()),
      state: v.nullable(v.string()),
      zip: v.nullable(v.string()),
      city: v.nullable(v.string()),
      street: v.nullable(v.string()),
    }),
  ),
});

const ProfileItem = v.object({
  source: v.literal('avatax'),
  code: v.string(),
  ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, v.optional(v.string())])),
  is_bill: v.optional(v.boolean()),
  is_ship: v.optional(v.boolean()),
  updated_at: v.string(),
});

const ProfiledItem = v.object({ profile: v.optional(ProfileItem) });

export const customerEntity = {
  key: (t: Tenant, code: string): ItemKey => ({ PK: tenantPartition(t), SK: `CUSTOMER#${code}` }),

  /** The tenant's customer list (newest first). */
  list: (t: Tenant): string => `CUSTOMERS#${tenantScope(t)}`,

  /** A new customer's item (it has no certificates yet). */
  item: (t: Tenant, customer: Omit<Customer, 'certificate_ids'>, profile?: CustomerProfile): Record<string, unknown> => ({
    ...customerEntity.key(t, customer.customer_code),
    ...listed(customerEntity.list(t), customer.created_at, customer.customer_code),
    entity: 'customer',
    customer_code: customer.customer_code,
    name: customer.name ?? undefined,
    location_code: customer.location_code ?? undefined,
    created_at: customer.created_at,
    ...(customer.declaration === undefined ? {} : { declaration: customer.declaration }),
    ...(customer.address === undefined ? {} : { address: customer.address }),
    ...(profile === undefined ? {} : { profile }),
  }),

  /** The Update that replaces an existing customer's name and profile. */
  replaceProfile: (table: string, t: Tenant, code: string, name: string | null, profile: CustomerProfile) => ({
    TableName: table,
    Key: customerEntity.key(t, code),
    UpdateExpression: name === null ? 'SET #profile = :profile REMOVE #name' : 'SET #profile = :profile, #name = :name',
    ExpressionAttributeNames: { '#profile': 'profile', '#name': 'name' },
    ExpressionAttributeValues: name === null ? { ':profile': profile } : { ':profile': profile, ':name': name },
    ConditionExpression: 'attribute_exists(PK)',
  }),

  /**
   * The Update that lists a certificate on its customer, inside the certificate's write; it fails
   * its condition when the customer does not exist.
   */
  addCertificate: (table: string, t: Tenant, code: string, certificateId: string) => ({
    Update: {
      TableName: table,
      Key: customerEntity.key(t, code),
      UpdateExpression: 'SET certificate_ids = list_append(if_not_exists(certificate_ids, :none), :id)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':none': [], ':id': [certificateId] },
    },
  }),

  read(item: unknown): Customer {
    const c = parseItem(CustomerItem, item, 'customer');
    return {
      customer_code: c.customer_code,
      name: c.name ?? null,
      location_code: c.location_code ?? null,
      created_at: c.created_at,
      certificate_ids: c.certificate_ids,
      ...(c.declaration === undefined ? {} : { declaration: c.declaration }),
      ...(c.address === undefined ? {} : { address: c.address }),
    };
  },

  /** The customer with its profile, if one was kept. */
  readProfiled(item: unknown): ProfiledCustomer {
    const { profile } = parseItem(ProfiledItem, item, 'customer profile');
    return { customer: customerEntity.read(item), profile: (profile as CustomerProfile | undefined) ?? null };
  },
};
