// Taxed documents (contract §2.2, §3): calculations, committed transactions and estimates.
import * as v from 'valibot';
import { RULE_TREATMENTS } from '../../core/content/artifact';
import { REASONS } from '../../core/tax/types';
import { Amount, Category, Day, Instant, JurisdictionType, Message, Precision, Rate, pageOf } from './common';
import { Environment } from './common';

export const LineReason = v.pipe(
  v.picklist(REASONS),
  v.description(
    'Why a document line is or is not taxed (lines[].reason). holiday_exempt: the line qualifies for a state sales-tax holiday in force on the document date; a message (code holiday_exempt) names the holiday.',
  ),
);

export const RateSource = v.pipe(
  v.nullable(v.string()),
  v.description(
    'Where the jurisdiction\'s rate comes from: publisher, table and date (e.g. "Avalara TaxRates ZIP5 table 202603", "Streamlined Sales Tax, Georgia rate file GAR2026Q2FEB19.csv", "CDTFA Effective Sales and Use Tax Rates 1-1-26"). null on documents stored before sources were kept.',
  ),
);

export const Jurisdiction = v.strictObject({ type: JurisdictionType, name: v.string(), rate: Rate, taxable_amount: Amount, tax: Amount, source: RateSource });

/** Contract §2.3: a destination ZIP that holds several rate areas. */
export const RateAreas = v.pipe(
  v.nullable(v.strictObject({ lowest_rate: Rate, highest_rate: Rate, used_rate: Rate })),
  v.description(
    'The destination ZIP holds several rate areas (districts inside its place, several counties or states, a California city with its own rate): the lowest and highest general-merchandise rate found in it, and the one used (the area that applies to most of the ZIP). A message zip_spans_multiple_rate_areas says the same; accuracy_policy deterministic refuses such a line. null when the ZIP is one rate area (and on documents stored before it was kept).',
  ),
);

/** The rule behind a line's taxability (issue 26). */
export const TaxabilityRule = v.pipe(
  v.nullable(
    v.strictObject({
      state: v.pipe(v.string(), v.description('The state whose rule it is (two letters).')),
      class: v.pipe(
        v.string(),
        v.description(
          'The product class the rule is about: a category (prepared_food, candy, soft_drinks, saas_cloud, ...), tax_code:<prefix> for a rule on a narrower set of tax codes (e.g. tax_code:81162000A9 SaaS for business use), or an Illinois rate class (general_merchandise, qualifying_food, drugs_and_medical_appliances).',
        ),
      ),
      treatment: v.pipe(
        v.picklist(RULE_TREATMENTS),
        v.description(
          "general_rate: no rule of the data sets another treatment; the class is taxed at the state's general rate and the local rates of the place (the citation is where the state rate comes from). taxable / exempt: the rule says so. reduced_rate: a state rate below the general one (groceries). class_rate: a state rate of the class's own that is not a reduction (prepared meals, computer services). partial_base: only a share of the price is taxable (Texas data processing, 80 %). price_threshold and first_amount_exempt: clothing rules by unit price. follows_goods: delivery charges taxed in the proportion of the taxable goods. unverified: taxed at the full rate, the rule not verified. holiday_exempt: a sales-tax holiday.",
        ),
      ),
      effective_from: v.pipe(Day, v.description('The date the rule took effect; for a rule older than the data, the first date the data covers.')),
      citation: v.pipe(v.string(), v.description("The revenue department's rule: statute, regulation or publication, with its address or date.")),
      summary: v.pipe(v.string(), v.description('What the rule says, in a sentence.')),
    }),
  ),
  v.description("The rule that set the line's taxability, as data. null only on documents stored before the rule was kept."),
);

const lineEntries = {
  number: v.string(),
  item_code: v.nullable(v.string()),
  tax_code: v.nullable(v.string()),
  category: Category,
  description: v.nullable(v.string()),
  quantity: v.number(),
  amount: Amount,
  discount: Amount,
  taxable_amount: Amount,
  exempt_amount: Amount,
  tax: Amount,
  rate: Rate,
  tax_included: v.boolean(),
  taxability: v.picklist(['taxable', 'exempt', 'not_collected']),
  reason: LineReason,
  sourcing: v.picklist(['destination', 'origin', 'hybrid']),
  address: v.strictObject({ state: v.string(), zip: v.string(), precision: Precision }),
  rate_areas: RateAreas,
  taxability_rule: TaxabilityRule,
  jurisdictions: v.array(Jurisdiction),
  exemption_certificate: v.nullable(v.strictObject({ id: v.string(), exemption_reason: v.string(), document_sha256: v.nullable(v.string()) })),
};

const totals = { total_amount: Amount, total_discount: Amount, total_taxable: Amount, total_exempt: Amount, total_tax: Amount };

export const Calculation = v.strictObject({
  object: v.literal('calculation'),
  date: Day,
  currency: v.literal('USD'),
  content_version: v.string(),
  ...totals,
  lines: v.array(v.strictObject(lineEntries)),
  summary: v.array(Jurisdiction),
  messages: v.array(Message),
});

const TransactionLine = v.strictObject({
  ...lineEntries,
  refunded_amount: Amount,
  refundable_amount: Amount,
  credited_tax: Amount,
  remaining_tax: Amount,
});

const header = {
  object: v.literal('transaction'),
  code: v.string(),
  kind: v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement']),
  status: v.picklist(['committed', 'refunded', 'voided', 'adjusted']),
  original_code: v.nullable(v.string()),
  location_code: v.nullable(v.string()),
  customer_code: v.nullable(v.string()),
  environment: Environment,
  date: Day,
  currency: v.literal('USD'),
  content_version: v.string(),
  reason: v.nullable(v.string()),
  created_at: Instant,
  updated_at: Instant,
  voided_at: v.nullable(Instant),
  ...totals,
  refunds: v.array(v.string()),
  credits: v.array(v.string()),
  adjustment: v.nullable(v.strictObject({ reversal_code: v.string(), replacement_code: v.string() })),
};

export const Transaction = v.strictObject({ ...header, lines: v.array(TransactionLine), summary: v.array(Jurisdiction), messages: v.array(Message) });
export const TransactionSummary = v.strictObject({ ...header, line_count: v.pipe(v.number(), v.integer()) });
export const TransactionList = pageOf(TransactionSummary);
export const Adjustment = v.strictObject({ original: Transaction, reversal: Transaction, replacement: Transaction });

export const Estimate = v.strictObject({
  object: v.literal('estimate'),
  experimental: v.literal(true),
  date: Day,
  content_version: v.string(),
  rate: Rate,
  tax: Amount,
  precision: Precision,
  jurisdictions: v.array(Jurisdiction),
  messages: v.array(Message),
});
