// Taxed documents (docs/taxes-and-content.md, "What an answer says"; docs/transactions-and-certificates.md):
// calculations, committed transactions and estimates.
import * as v from 'valibot';
import { RULE_TREATMENTS } from '../../core/content/artifact';
import { DECLARED_TYPES, REASONS } from '../../core/tax/types';
import { Amount, Category, Day, Environment, Instant, JurisdictionType, Message, Precision, pageOf, Rate } from './common';

export const LineReason = v.pipe(
  v.picklist(REASONS),
  v.description(
    'Why a document line is or is not taxed (lines[].reason). holiday_exempt: the line qualifies for a state sales-tax holiday in force on the document date; a message (code holiday_exempt) names the holiday. declared_exemption: exempt on the buyer’s declaration, with no certificate on file.',
  ),
);

export const RateSource = v.pipe(
  v.nullable(v.string()),
  v.description(
    'Where the jurisdiction\'s rate comes from: publisher, table and date (e.g. "Avalara TaxRates ZIP5 table 202603", "Streamlined Sales Tax, Georgia rate file GAR2026Q2FEB19.csv", "CDTFA Effective Sales and Use Tax Rates 1-1-26"). null on documents stored before sources were kept.',
  ),
);

export const RateSourceKind = v.pipe(
  v.nullable(v.picklist(['official_file', 'official_notice', 'vendor_table', 'secondary'])),
  v.description(
    "How the jurisdiction's source was obtained: the publisher's own rate file or table (official_file), the publisher's own notice, page or statute stating the rate, read or quoted (official_notice), a vendor's rate table (vendor_table), or a secondary report (secondary). null on documents stored before kinds were kept.",
  ),
);

export const Jurisdiction = v.strictObject({
  type: JurisdictionType,
  name: v.pipe(v.string(), v.description('The jurisdiction as the rate table names it (NEW YORK, KINGS, …).')),
  rate: Rate,
  taxable_amount: Amount,
  tax: v.pipe(Amount, v.description('Its share of the tax; a line’s jurisdictions add up to the line’s tax.')),
  source: RateSource,
  source_kind: RateSourceKind,
});

/** A destination ZIP that holds several rate areas (docs/rate-areas.md). */
export const RateAreas = v.pipe(
  v.nullable(v.strictObject({ lowest_rate: Rate, highest_rate: Rate, used_rate: Rate })),
  v.description(
    'The destination ZIP holds several rate areas (districts inside its place, several counties or states, a California city with its own rate): the lowest and highest general-merchandise rate found in it, and the one used (the area that applies to most of the ZIP). A message zip_spans_multiple_rate_areas says the same; accuracy_policy deterministic refuses such a line. null when the ZIP is one rate area (and on documents stored before it was kept).',
  ),
);

/** The rule behind a line's taxability (docs/taxes-and-content.md, "Product classes and the rule behind a line"). */
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
  tax_code: v.pipe(v.nullable(v.string()), v.description('The tax code the line was classified by (its own, or its item_code’s); null: general goods.')),
  category: v.pipe(Category, v.description('The product category of the tax code.')),
  description: v.nullable(v.string()),
  quantity: v.number(),
  amount: Amount,
  discount: Amount,
  taxable_amount: v.pipe(Amount, v.description('The part of the amount (net of discount) that is taxed.')),
  exempt_amount: v.pipe(Amount, v.description('The part of the amount (net of discount) that is not taxed.')),
  tax: Amount,
  rate: v.pipe(Rate, v.description('The combined rate applied (0.08875 = 8.875 %).')),
  tax_included: v.boolean(),
  taxability: v.pipe(
    v.picklist(['taxable', 'exempt', 'not_collected']),
    v.description('not_collected: the seller has no nexus in the destination state (reason no_nexus).'),
  ),
  reason: LineReason,
  sourcing: v.pipe(
    v.picklist(['destination', 'origin', 'hybrid']),
    v.description('Whose local rates apply: the destination’s, the origin’s (`ship_from` in an origin-sourcing state), or both (California).'),
  ),
  address: v.pipe(
    v.strictObject({ state: v.string(), zip: v.string(), precision: Precision }),
    v.description('The destination as resolved, and how precisely (zip5 with the bundled content).'),
  ),
  rate_areas: RateAreas,
  taxability_rule: TaxabilityRule,
  jurisdictions: v.array(Jurisdiction),
  exemption_certificate: v.pipe(
    v.nullable(v.strictObject({ id: v.string(), exemption_reason: v.string(), document_sha256: v.nullable(v.string()) })),
    v.description('The certificate that exempted the line (reason certificate_applied), as it was when the document was taxed.'),
  ),
  declared_exemption: v.pipe(
    v.nullable(
      v.strictObject({
        type: v.picklist(DECLARED_TYPES),
        source: v.pipe(
          v.picklist(['document', 'customer']),
          v.description('document: the request declared it; customer: the customer’s declared exempt regions.'),
        ),
        states: v.pipe(v.nullable(v.array(v.string())), v.description('The states the declaration covers; null: every state.')),
        reason: v.nullable(v.string()),
      }),
    ),
    v.description(
      'The buyer’s declaration that exempted the line (reason declared_exemption), without a certificate: no evidence supports it (a message declared_exemption_without_certificate says the same).',
    ),
  ),
};

const totals = {
  total_amount: v.pipe(Amount, v.description('Sum of the lines’ amounts, before discounts.')),
  total_discount: Amount,
  total_taxable: Amount,
  total_exempt: Amount,
  total_tax: v.pipe(Amount, v.description('Sum of the lines’ tax; negative on refunds, credits and reversals.')),
};

/** The content version a document was taxed with. */
const ContentVersion = v.pipe(v.string(), v.description('The content version in force on the document’s date (GET /config lists them).'));

export const Calculation = v.strictObject({
  object: v.literal('calculation'),
  date: Day,
  currency: v.literal('USD'),
  content_version: ContentVersion,
  ...totals,
  lines: v.array(v.strictObject(lineEntries)),
  summary: v.pipe(v.array(Jurisdiction), v.description('The tax per jurisdiction over all lines.')),
  messages: v.pipe(
    v.array(Message),
    v.description('Warnings and notes about the answer (stale rates, a ZIP of several rate areas, an unknown tax code, a holiday).'),
  ),
});

const TransactionLine = v.strictObject({
  ...lineEntries,
  refunded_amount: v.pipe(Amount, v.description('Refunded so far (sales and replacements).')),
  refundable_amount: v.pipe(Amount, v.description('What a refund may still return.')),
  credited_tax: v.pipe(Amount, v.description('Tax given back by credits so far.')),
  remaining_tax: v.pipe(Amount, v.description('Tax not yet refunded or credited.')),
  collected_tax: v.pipe(v.nullable(Amount), v.description('The tax the seller reported collecting on this line; null when it reported none for the line.')),
});

const header = {
  object: v.literal('transaction'),
  code: v.string(),
  kind: v.pipe(
    v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement']),
    v.description('refund, credit and reversal documents carry negative amounts or tax, so a period’s documents add up to the net liability.'),
  ),
  status: v.pipe(
    v.picklist(['committed', 'refunded', 'voided', 'adjusted']),
    v.description('refunded: nothing remains refundable; voided: cancelled; adjusted: replaced by `adjustment.replacement_code`.'),
  ),
  original_code: v.pipe(v.nullable(v.string()), v.description('The sale a refund, credit, reversal or replacement belongs to.')),
  location_code: v.nullable(v.string()),
  customer_code: v.nullable(v.string()),
  environment: Environment,
  date: Day,
  currency: v.literal('USD'),
  content_version: ContentVersion,
  reason: v.nullable(v.string()),
  created_at: Instant,
  updated_at: Instant,
  voided_at: v.nullable(Instant),
  ...totals,
  refunds: v.pipe(v.array(v.string()), v.description('Codes of the refunds drawn on this document.')),
  credits: v.pipe(v.array(v.string()), v.description('Codes of the credits drawn on this document.')),
  adjustment: v.pipe(
    v.nullable(v.strictObject({ reversal_code: v.string(), replacement_code: v.string() })),
    v.description('The documents that corrected this one (status adjusted).'),
  ),
};

export const Transaction = v.strictObject({
  ...header,
  collected_tax: v.pipe(
    v.nullable(Amount),
    v.description(
      'The tax the seller reported collecting (`collected_tax` of the request, a TaxJar order’s `sales_tax`), signed as the document; null when not reported. `tax` stays the computed figure.',
    ),
  ),
  collection_difference: v.pipe(
    v.nullable(Amount),
    v.description('collected_tax − tax: negative when less was collected than computed; null when not reported.'),
  ),
  lines: v.array(TransactionLine),
  summary: v.array(Jurisdiction),
  messages: v.array(Message),
});
export const TransactionSummary = v.strictObject({ ...header, line_count: v.pipe(v.number(), v.integer()) });
export const TransactionList = pageOf(TransactionSummary);
export const Adjustment = v.strictObject({ original: Transaction, reversal: Transaction, replacement: Transaction });

export const Estimate = v.strictObject({
  object: v.literal('estimate'),
  experimental: v.literal(true),
  date: Day,
  content_version: ContentVersion,
  rate: Rate,
  tax: Amount,
  precision: Precision,
  jurisdictions: v.array(Jurisdiction),
  messages: v.array(Message),
});
