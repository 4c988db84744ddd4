// What every operation of the API description says about itself: a summary and a description of
// its behaviour and its refusals (Markdown). Only scripts/openapi.ts reads this table, so no
// handler bundle carries the text; it is typed by route id, so a route without its text does not
// compile. The generator adds to each description the key, scope and rate-limit bucket the route
// entry declares; the statuses and codes of every refusal are listed under the operation's
// responses. The guides in docs/ tell the same at length.
import type { RouteId } from '../../manifest/routes';

export interface OperationText {
  /** A short imperative line, as the reference page lists it. */
  readonly summary: string;
  /** What it does and stores, and the refusals worth knowing (Markdown). */
  readonly description: string;
}

const lines = (...text: string[]) => text.join('\n');

/** What a document may be refused for, shared by calculations, commits and adjustments. */
const DOCUMENT_REFUSALS = lines(
  '- 400 `invalid_address`: a destination (or origin) does not resolve to a US state and 5-digit ZIP; the detail names `ship_to.zip` or the line.',
  '- 400 `invalid_tax_code` (with `strict: true`) and 422 `product_identity_required` (with `require_known: true`): a line with an unknown tax code, or with no known tax code or SKU.',
  '- 422 `rate_unavailable`: a date before the content covers (`GET /config`, `content.coverage_from`).',
  '- 422 `accuracy_requirement_not_met` / `address_precision_requirement_not_met`: `accuracy_policy: deterministic` on a ZIP that spans several rate areas or on rates older than the date; a `minimum_address_precision` the content cannot give.',
  '- 422 `il_*`: an Illinois destination without the seller posture (`seller_class`, a `seller_declaration`, or derived from verified Illinois locations) or that the content cannot place.',
  '- 422 `exemption_certificate_not_found`: a selected certificate that does not apply (not active, not assigned to the customer, not effective on the date or not for the state), never a silent exemption.',
  '- 403 `location_not_authorized` / 404 `not_found`: a `location_code` a location-scoped key may not name, or that the account does not have.',
);

const LIST = 'Paged with `limit` (1-100, default 25) and `cursor` (the `next_cursor` of the previous page; `null` on the last page).';

/** How the TaxJar-compatible routes behave as a whole (docs/compatibility.md). */
const AVATAX =
  'AvaTax REST v2 compatible: give an AvaTax client the service’s URL as its environment (it appends `/api/v2/...`), the account id (or its numeric AvaTax id) and an API key as the licence key. Errors have AvaTax’s shape `{error: {code, message, target, details}}`, with AvaTax’s codes and numbers and this service’s code in each detail’s `description` (docs/avatax-compatibility.md).';

const TAXJAR =
  'TaxJar SmartCalcs v2 compatible: point a TaxJar client at `<host>/taxjar`. Errors have TaxJar’s shape `{error, detail, status}` with this service’s code in brackets in `detail`; a validation error is 400 and a conflict (duplicate, lifecycle, idempotency) 422, as TaxJar answers them.';

export const OPERATIONS = {
  'config-get': {
    summary: 'Read the limits and tax content in force',
    description: lines(
      'The rate limits of the calling key (per UTC minute: `general`, `batch_submissions`, `estimates` with its concurrency), the service limits (items per batch and return job, lines per document, how long batches and idempotent replies are kept) and the tax content in use: its versions and the one in force today, the first date it covers, and per state the content version its rates come from, their sources and `current_until` (an answer dated later carries the warning `content_older_than_date`).',
      '',
      'Reads only; nothing is billed.',
    ),
  },
  'operations-status': {
    summary: 'Check the request budget and the state of queued work',
    description: lines(
      'The key’s `general` budget in the current minute (`limit`, `used`, `remaining`, `resets_in_seconds`) and signals of the work the caller can see: pending batches and return jobs (and the age of the oldest), those completed and failed in the last 24 hours, and the account’s webhook deliveries (pending, failing, dead-lettered).',
      '',
      'A provider key acting for a client sees that client’s batches and its own engagement’s return jobs only, and `webhooks: null` (webhooks belong to the account).',
    ),
  },
  'usage-get': {
    summary: 'Read the metered usage of the account or key',
    description: lines(
      'The billable units of the key’s environment between `from` and `to` (UTC days, inclusive; default: the month of `to`, which defaults to today), summed per day, per key or per kind (`calculation`, `estimate`, `commit`, `refund`, `credit`, `void`, `adjustment`, `batch_item`, `return_job_item`). An organization-scoped key reads every key of its account (`key_id: null`); any other key (a location’s, a provider’s) its own units.',
      '',
      'Refused: a `from` after `to` or a range of more than 93 days is 400 `invalid_request`; a malformed day 422 `validation_error`. On AWS a calculation’s unit appears within a minute or so; the local runner counts at once. See docs/usage-and-monitoring.md.',
    ),
  },
  'openapi-get': {
    summary: 'Get this API description',
    description:
      'This OpenAPI 3.1 document, generated from the schemas the service validates and answers with (`npm run openapi`), with every status and error code of each operation. Its `servers` entry is the deployment that served it. No key needed.',
  },
  'docs-get': {
    summary: 'Open the interactive API reference',
    description:
      'An HTML page rendering this document with Swagger UI, bundled with the function (nothing loaded from a CDN). "Try it out" calls the deployment that served the page; a key typed into "Authorize" stays in the tab’s memory. Every operation starts from a working example for the test seed (`test/fixtures/seed.ts`). No key needed.',
  },
  'console-get': {
    summary: 'Open the operations console',
    description:
      'An HTML page for people who watch the service: batches and their items, return jobs, webhook deliveries (with redelivery), transactions and usage. The page holds no data; in the browser it signs in with an API key and reads this API with it, seeing exactly what that key may see (docs/console.md). No key needed for the page itself.',
  },
  'account-get': {
    summary: 'Read the account and its settings',
    description:
      'The account (id, name, modules), its rate limits, and the settings of the key’s environment: `nexus` (`all` or the states where the seller collects) and the Illinois settings (`derive_seller_posture`, `in_state_selling_enabled`).',
  },
  'account-update': {
    summary: 'Rename the account or change its nexus and Illinois settings',
    description: lines(
      'Changes what the body names and keeps the rest. `name` renames the account (both environments); `nexus` and `illinois` are the settings of the key’s environment. With a list of states as `nexus`, lines to other states are answered with tax 0 and `reason: no_nexus` (unless a calculation asks `nexus_mode: reference`); `all` collects everywhere. `illinois.derive_seller_posture` lets documents without `seller_class` take the posture from verified Illinois locations; `illinois.in_state_selling_enabled` admits the `in_state` posture.',
      '',
      'Other warm functions see the change within 10 seconds (`AUTH_CACHE_SECONDS`). An unknown state code is 422 `validation_error` (detail `enum`). The example restates the seeds’ own settings, so trying it changes nothing.',
    ),
  },
  'locations-create': {
    summary: 'Add a location (store, warehouse)',
    description:
      'Adds a location of the key’s environment: a filing unit that documents name with `location_code` (return summaries are kept per location too) and that a location-scoped key acts for. A ZIP+4 is stored as its 5 digits. `illinois_verified` marks an Illinois location as verified, which an in-state Illinois seller’s origin sourcing needs. A code the account already has is 409 `conflict`; an unknown state 422 `validation_error`.',
  },
  'locations-list': {
    summary: 'List the account’s locations',
    description: `The locations of the key’s environment, newest first. ${LIST}`,
  },
  'keys-create': {
    summary: 'Issue an API key',
    description: lines(
      'Issues an account key of the given environment with the given scopes, optionally limited to one location (`location_code`: documents default to it, other locations’ records are answered as absent) and with an expiry. The secret is in `key` in this answer only; the service keeps its SHA-256. An idempotent replay of the call answers `key: null`.',
      '',
      'Refused: scopes the calling key does not hold itself, or a production key asked for by a sandbox key, are 403 `insufficient_scope`; a `location_code` the new key’s environment does not have is 404 `not_found`; an `expires_at` not in the future is 422 `validation_error` (detail `greater_than`).',
    ),
  },
  'keys-list': {
    summary: 'List the account’s keys',
    description: `The account keys the caller manages, newest first, with their prefix, scopes, location and status, never their secrets. A sandbox key sees sandbox keys; a production key sees both environments’ keys. ${LIST}`,
  },
  'keys-revoke': {
    summary: 'Revoke an API key',
    description:
      'Revokes a key of the account: the function that revoked it refuses it at once, and so does API Gateway on AWS; other warm functions may accept it for up to `AUTH_CACHE_SECONDS` (10 s). Revoking a revoked key answers it again. A key the caller does not manage (another account’s, or a production key for a sandbox caller) is 404 `not_found`. The example’s id is of the form `key_…`: use one that `POST /keys` or `GET /keys` answered.',
  },
  'items-create': {
    summary: 'Add or replace a SKU in the item catalog',
    description:
      'Stores a SKU with its product tax code (and a description); a document line may then name the SKU as `item_code` instead of a `tax_code`. The same SKU again replaces it. The answer carries the tax code’s `category`. A tax code not in the catalog (`GET /tax-codes`) is 400 `invalid_tax_code`.',
  },
  'items-list': {
    summary: 'List the item catalog',
    description: `The SKUs of the key’s environment, newest first. ${LIST}`,
  },
  'il-declarations-create': {
    summary: 'Sign an Illinois seller-posture declaration',
    description:
      'Answers a token, signed for this account and environment, that states the seller’s Illinois posture (`remote`, `marketplace` or `in_state`) until `expires_at` (default: one year). Calculations and commits to Illinois may then send `seller_declaration: {seller_class, token}` instead of `seller_class`; a token that does not verify (another tenant’s, expired, altered, another class) is 422 `il_sourcing_unresolved_untrusted_contract`. Nothing else is stored. An `expires_at` not in the future is 422 `validation_error` (detail `greater_than`).',
  },
  'calculations-create': {
    summary: 'Calculate the tax of a document',
    description: lines(
      'Taxes a document (a quote, a cart, an invoice before it is committed) and stores nothing, so it is always safe to retry. Each line is sourced (destination or origin), classified by its `tax_code` or the tax code of its `item_code` in the catalog, and taxed at the rates of the content in force on the document’s `date` (default today, UTC), jurisdiction by jurisdiction; the answer names the content version, the rule behind each line’s taxability, and warnings such as `content_older_than_date` or `zip_spans_multiple_rate_areas`. Any failing line refuses the whole document, with a detail per line:',
      '',
      DOCUMENT_REFUSALS,
      '',
      'Billed as one `calculation`. Sandbox keys may send `X-Simulate` (docs/getting-started.md, "Sandbox fault simulation").',
    ),
  },
  'estimates-create': {
    summary: 'Estimate the tax of one amount at a destination',
    description:
      'Experimental, sandbox keys only: the destination rate, tax and jurisdictions for one amount (and an optional tax code), as if the seller had nexus everywhere and sold remotely (Illinois: destination sourcing). Stores nothing. Its own rate bucket allows 5 calls a minute by default and at most 4 in flight per process (429 `rate_limit_exceeded` with `Retry-After`). Refused like a one-line calculation (400 `invalid_address`, 422 `rate_unavailable`, …). Billed as one `estimate`.',
  },
  'tax-codes-list': {
    summary: 'List the product tax codes',
    description: `The catalog of product tax codes lines may carry (TaxJar-compatible codes, plus \`SHIPPING\` for delivery charges), in code order with each one’s category, filtered by \`category\` and by text (\`q\`, any letter case, found in the code, name or description). ${LIST}`,
  },
  'rates-get': {
    summary: 'Look up the rates at a ZIP code',
    description:
      'The general-merchandise rate of a destination ZIP on a date (default today), broken down by jurisdiction with each rate’s source, the content version used, the precision reached, and whether the ZIP spans several rate areas (then the lowest, highest and used rate). `notes` say when the rates are older than the date. An unknown ZIP, or one that is not in the `state` given, is 400 `invalid_address`; a date before the content’s coverage 422 `rate_unavailable`. Nothing is billed.',
  },
  'transactions-create': {
    summary: 'Commit a sale',
    description: lines(
      'Taxes a document like `POST /calculations` and stores it under your `code` (unique per account and environment) as a committed sale, in one atomic write with its `transaction.committed` event and its return summaries: all of it or nothing. A location-scoped key files it under its location.',
      '',
      'Refused with nothing written:',
      DOCUMENT_REFUSALS,
      '- 400 `invalid_nexus_mode`: `nexus_mode: reference` (for calculations only).',
      '- 400 `invalid_request` (detail `transaction_item_limit`): a document whose write would not fit one DynamoDB transaction (lines in more than 47 destination states with a `location_code`).',
      '- 409 `duplicate_transaction`: the code is taken; the existing document is unchanged, and the detail says whether it was made from this same payload (an earlier attempt of this request) or another.',
      '',
      'Retry with the same `Idempotency-Key` to get the stored answer instead of a duplicate. Billed as one `commit`.',
    ),
  },
  'transactions-list': {
    summary: 'List transactions',
    description: `Committed documents of every kind (sales, refunds, credits, reversals, replacements), newest first, without their lines (\`line_count\` says how many): filtered by \`status\`, \`kind\`, \`customer_code\` and the document date (\`date_from\`, \`date_to\`, inclusive). A location-scoped key sees its location’s documents only. ${LIST}`,
  },
  'transactions-get': {
    summary: 'Read a transaction',
    description:
      'One document with its lines, each line’s refunded and refundable amounts, credited and remaining tax, its jurisdictions and the codes of its refunds, credits or adjustment. A code the key may not see (another location’s) is answered like one that does not exist: 404 `transaction_not_found`.',
  },
  'transactions-refund': {
    summary: 'Refund a committed transaction',
    description: lines(
      'Returns goods: a refund document (negative amounts and tax) under `refund_code`, drawing on the original’s lines. `lines` name the original’s line numbers and the amounts returned; without `lines`, everything that remains refundable. The tax is the original’s in proportion, at the original’s rates whatever the content says today, so a full refund returns exactly the remaining tax. The refund, the updated original (refunded amounts; status `refunded` once nothing remains) and `transaction.refunded` are one atomic write; concurrent refunds never exceed what is refundable.',
      '',
      'Refused: an original that is not a committed sale or replacement (voided, adjusted, itself a refund) is 409 `invalid_lifecycle`; a line number the original does not have 400 `invalid_request`; more than a line has left 422 `refund_exceeds_refundable`; a taken `refund_code` 409 `duplicate_transaction`, checked first when the original already lists it, so a retry of a refund that was applied says so (`same_payload`) even once nothing remains refundable. Billed as one `refund`.',
    ),
  },
  'transactions-credit': {
    summary: 'Credit tax back on a committed transaction',
    description:
      'Gives back tax only (tax overcharged): a credit document with amount 0 and negative tax under `credit_code`, per line of the original up to the line’s remaining tax, written atomically with the updated original and `transaction.credited`. Refused: a line’s credit above its remaining tax is 422 `credit_exceeds_tax`; a line number the original does not have 400 `invalid_request`; an original that is not a committed sale or replacement 409 `invalid_lifecycle`; a taken `credit_code` 409 `duplicate_transaction`, checked first when the original already lists it (a retry of a credit that was applied: `same_payload`). Billed as one `credit`.',
  },
  'transactions-void': {
    summary: 'Void a committed transaction',
    description:
      'Cancels a committed sale or replacement that has no refunds or credits: its status becomes `voided`, its contribution leaves the return summaries, and `transaction.voided` is written with it. One with refunds or credits, or already voided or adjusted, is 409 `invalid_lifecycle`. The body (a `reason`) may be left out. The example voids the replacement that the adjustment example writes. Billed as one `void`.',
  },
  'transactions-adjust': {
    summary: 'Correct a committed sale by a replacement',
    description: lines(
      'Replaces a committed sale (or an earlier replacement) that has no refunds or credits by a corrected document: the original becomes `adjusted`, a `reversal` under `reversal_code` cancels its amounts and tax, and the `replacement` document is taxed now under `replacement_code`, all three with `transaction.adjusted` in one atomic write. The replacement keeps the original’s date, customer and location unless it names its own.',
      '',
      'Refused with nothing written: three codes that are not distinct are 422 `invalid_adjustment_codes` (checked first); an unknown original 404 `transaction_not_found`; one with refunds or credits, voided or already adjusted 409 `invalid_lifecycle`; a taken reversal or replacement code 409 `duplicate_transaction`, also when the original was already adjusted by these codes (a retry of an adjustment that was applied: `same_payload`, checked before `invalid_lifecycle`); a replacement refused as a commit would be (below). The example adjusts `INV-1002`, a sale committed like the `POST /transactions` example.',
      '',
      DOCUMENT_REFUSALS,
      '',
      'Billed as one `adjustment`.',
    ),
  },
  'reports-collection': {
    summary: 'Compare the tax collected with the tax computed',
    description:
      'Per state and month from `from` to `to` (at most 12 months; otherwise 400 `invalid_request`), optionally one `state`: the computed tax of every document (`tax`), and over the documents that reported what they collected (`collected_tax` of POST /transactions, a TaxJar order’s `sales_tax`) their collected tax, their computed tax (`reported_tax`) and the under- and over-collection, with the counts of documents that did and did not report. Signed as the return figures: refunds and reversals count negative, a voided document not at all. A location-scoped key reads its location’s figures. Months and states without documents are left out.',
  },
  'customers-create': {
    summary: 'Create a customer',
    description:
      'Records a buyer under your `customer_code`, for exemption certificates and documents to name. A location-scoped key scopes the customer to its location; an organization key may name one (`location_code`) or none. A code the account already has is 409 `conflict`; a location the account does not have 404 `not_found`.',
  },
  'customers-list': {
    summary: 'List customers',
    description: `The customers the key may see (a location-scoped key: its location’s), newest first, each with the ids of its certificates. ${LIST}`,
  },
  'customers-get': {
    summary: 'Read a customer',
    description:
      'The customer and the ids of the certificates recorded for it. One the key may not see is answered like one that does not exist: 404 `not_found`.',
  },
  'customers-assign': {
    summary: 'Assign an exemption certificate to its customer',
    description:
      'Assigns an active certificate, effective today, to the customer it was recorded for; from then on documents of that customer may select it (`exemption_certificate_id`). Assigning it again answers it unchanged. Refused: another customer’s certificate is 422 `certificate_customer_mismatch`; a pending or not currently effective one 422 `certificate_not_active`; an unknown customer or certificate 404 `not_found`. The example’s `certificate_id` is of the form `cert_…`: use the id `POST /certificates` answered.',
  },
  'certificates-create': {
    summary: 'Record an exemption certificate',
    description:
      'Records a customer’s exemption certificate for one state, `pending` until a reviewer activates it: the reason, the exemption number, the validity window, the signer and signature type, where the signed document is kept (`evidence_reference`) and its SHA-256. Fields may be left out here; activation needs them all. The customer must exist in the key’s scope (404 `not_found`); `valid_to` before `valid_from` is 422 `validation_error`. The audit trail records who created it, with which key.',
  },
  'certificates-list': {
    summary: 'List exemption certificates',
    description: `The certificates the key may see, newest first, optionally of one customer (\`customer_code\`), each with its derived \`effective\`, \`expired\` and \`assigned\`. ${LIST}`,
  },
  'nexus-get': {
    summary: 'Measure economic nexus per state',
    description:
      'Per state with an economic nexus rule on `as_of` (default today, UTC), nearest to an obligation first: the rule in force (`threshold`: amount, transaction test and how they combine, the boundary wording of each, the measurement period, what counts, whether marketplace sales count, its effective date and sources and how sure they are), the days measured (`period`), what counts over them and what was left out by reason (`measured`), the `share` of the nearer test, `status` (`below`, `approaching` from 80 %, `crossed`, `registered` where the account registered by that day, `not_measured`), the day the test was first met (`crossed_on`) and when collection must start (`obligation_from`). Measured from the running summaries every commit, refund, void and adjustment updates in its own write, plus the sales history (POST /nexus/sales-history); documents committed before these summaries were kept are not in them (record them as history). A day before the first economic nexus law in the content or after today is 422 `date_outside_coverage` (project later days with POST /nexus/projections).',
  },
  'nexus-sales-history-create': {
    summary: 'Record sales the service never saw',
    description:
      'Records 1 to 1,000 entries `{state, date, amount, transactions, channel, kind}` (history from before the switch, marketplace-facilitated sales) as one record: every entry is checked first, and one refused entry refuses the request with nothing stored — an unknown state is 422 `validation_error` (detail `enum`), a negative amount detail `greater_than_equal`, a date after today or before 2015 is 422 `date_outside_coverage`. Under an Idempotency-Key a retry answers the same record; the key with other entries is 409 `idempotency_conflict`. The entries count in GET /nexus at once and may raise the nexus alerts (webhook events `nexus.threshold_approaching`, `nexus.threshold_crossed`).',
  },
  'nexus-sales-history-list': {
    summary: 'List the sales-history records',
    description: 'Every sales-history record of the account, newest first, with its entries (a single page: `next_cursor` is null).',
  },
  'nexus-sales-history-get': { summary: 'Read a sales-history record', description: 'One record and its entries; an unknown id is 404 `not_found`.' },
  'nexus-sales-history-delete': {
    summary: 'Delete a sales-history record',
    description: 'Removes the record: its entries stop counting in GET /nexus at once. Alerts already sent stay sent. An unknown id is 404 `not_found`.',
  },
  'nexus-registrations-list': {
    summary: 'List the states where the account registered',
    description:
      'Each state where the account registered to collect and from when, with the account’s nexus setting (registrations decide what is taxed only under `nexus: registrations`).',
  },
  'nexus-registrations-put': {
    summary: 'Record a registration to collect in a state',
    description:
      'Sets (or moves) the first day the account collects in the state. Under `nexus: registrations` (PATCH /account) a document to the state is taxed from that day and one dated before answers tax 0 with reason `no_nexus`; a stored document never changes. GET /nexus answers the state `registered` from that day, no nexus alert is sent for it, and the TaxJar-compatible `GET /v2/nexus/regions` lists it. An unknown state is 422 `validation_error` (detail `enum`).',
  },
  'nexus-registrations-delete': {
    summary: 'Remove a registration',
    description: 'The account no longer holds a registration in the state; a state without one is 404 `not_found`.',
  },
  'nexus-projections': {
    summary: 'Project when each state would be crossed',
    description:
      'What-if, storing nothing: per state, the day its test would be met (`crossed_on`) and collection would start, if sales went on as in the twelve months before `as_of` (each channel and kind at its monthly run rate, grown by `monthly_growth` a month, spread over the days) with `entries` added (hypothetical sales, any date). A state already crossed on `as_of` answers its crossing (`projected: false`). Any `as_of` the content covers, past ones included, so a projection can be checked against what happened.',
  },
  'declared-exemptions-list': {
    summary: 'List declared exemptions and whether a certificate covers them',
    description: `The evidence gap: per customer and state, the exemptions committed documents took on the buyer’s declaration (a document’s \`declared_exemption\`, a TaxJar \`exemption_type\`, or a TaxJar customer’s declared \`exempt_regions\`) rather than a certificate: how many live documents rely on it, the amount they exempted, the first and latest document date, and whether an active certificate of the customer covers the state today (\`covered\`; a certificate activated later closes the gap at once). Kept as running totals updated with every document, so reading it never scans documents. ${LIST}`,
  },
  'certificates-get': {
    summary: 'Read an exemption certificate',
    description:
      'One certificate with its status, whether it is effective today, expired and assigned, its reviewer and its audit trail (created, activated, assigned: when, by which key, for which practice and engagement). One the key may not see is 404 `not_found`. The example’s id is of the form `cert_…`.',
  },
  'certificates-activate': {
    summary: 'Activate an exemption certificate after review',
    description:
      'A named reviewer accepts the evidence: the certificate becomes `active`, the activation is audited and `certificate.activated` is written with it. Checked in order: already active is 409 `conflict`; missing evidence (jurisdiction, reason, signer, signature type, evidence reference, document hash, reviewer name) is 422 `certificate_evidence_incomplete` with a detail per missing field; `review_authority: provider` from a key that is not a provider’s 422 `certificate_review_authority_not_permitted`; today outside `[valid_from, valid_to]` 422 `certificate_not_effective`.',
  },
  'provider-engagements': {
    summary: 'List the client engagements of a provider key',
    description: `The client engagements (id, ref, status, the client account) an accounting firm’s key may act for: all of its practice’s, or those the key is restricted to. A request selects one of them with \`X-Service-Client-Ref\` or \`X-Service-Client-Id\` (docs/providers-and-return-jobs.md). ${LIST}`,
  },
  'provider-client': {
    summary: 'Check which client a provider request acts for',
    description:
      'The engagement and client account the request’s client context selects, in the key’s environment. Checked in order: neither header is 400 `missing_client_context`; an id that is not all digits 400 `invalid_client_context`; both headers naming different engagements 400 `conflicting_client_context`; nothing the practice holds 404 `provider_client_not_found` (the same whether it belongs to another practice or does not exist); an engagement foreign to the key, or paused, offboarded or unavailable, 403 `client_context_not_authorized`. The example selects `northwind`, the test seed’s usable engagement.',
  },
  'batches-create': {
    summary: 'Submit a batch of calculations or commits',
    description: lines(
      'Stores 1-500 items, each the body of `POST /calculations` (`operation: calculate`, the default) or `POST /transactions` (`commit`) under your `reference_id` (unique in the batch), and answers 202 at once with the batch id and a `Location` to poll. Queue workers run the items; each ends `succeeded` with its result or `failed` with exactly the error its endpoint would have answered, alone: an item is validated when it runs, so one bad item never refuses the batch. Commits are exactly once under redelivery. The batch completes (or, still pending an hour after submission, fails) with `batch.completed` or `batch.failed`, and is kept 30 days after.',
      '',
      'Its own rate bucket (`batch_submissions`). An `Idempotency-Key` returns the same batch on resubmission. Each succeeded item is billed as one `batch_item`.',
    ),
  },
  'batches-list': {
    summary: 'List batches',
    description: `The batches the key may see (a location-scoped key: those its location submitted), newest first, optionally by \`status\`; a finished batch shows its final counts. ${LIST}`,
  },
  'batches-get': {
    summary: 'Read a batch and its results',
    description:
      'The batch, its counts and its items in submission order with each one’s result or error: as many as `items_limit` (default all) and as fit 5 MB; `items_next_cursor` continues with `GET /batches/{id}/items`. `items_limit=0` answers the batch alone, for cheap polling. A batch still pending past its deadline is failed on this read (its unfinished items `internal_error`, `batch.failed` once). An unknown or expired batch, or another location’s, is 404 `not_found`. The example’s id is of the form the submission answers.',
  },
  'batches-items': {
    summary: 'Page through a batch’s items',
    description: `A batch’s items in submission order, each \`pending\`, \`succeeded\` with its result or \`failed\` with its error. The first \`cursor\` may be the batch’s \`items_next_cursor\`. An unknown or expired batch is 404 \`not_found\`. ${LIST}`,
  },
  'return-jobs-create': {
    summary: 'Prepare return figures for a client',
    description: lines(
      'An accounting firm asks, for the client its request acts for, what was sold and collected per state and month (and location, if named): 1-5,000 items under your `reference_id`, answered 202 with the job id and a `Location` to poll. Each item sums the client’s committed documents of that state and month (refunds, credits and reversals negative) and ends `succeeded` with the figures per jurisdiction and kind, or `failed` with its own error (a `location_code` that is not the client’s fails that item alone, `location_not_authorized`). The job follows the batches’ lifecycle, is kept 30 days and belongs to the engagement that submitted it.',
      '',
      'Each succeeded item is billed as one `return_job_item`.',
    ),
  },
  'return-jobs-list': {
    summary: 'List a client’s return jobs',
    description: `The return jobs the selected engagement submitted (never another practice’s for the same client), newest first, optionally by \`status\`. ${LIST}`,
  },
  'return-jobs-get': {
    summary: 'Read a return job and its figures',
    description:
      'The job, its counts and its items in submission order with each one’s summary or error, as many as `items_limit` (default all) and as fit 5 MB; `items_next_cursor` continues with `GET /provider/return-jobs/{id}/items`. A job of another engagement is answered exactly like one that does not exist: 404 `not_found`. A job pending past its deadline is failed on this read.',
  },
  'return-jobs-items': {
    summary: 'Page through a return job’s items',
    description: `A return job’s items in submission order with each one’s summary or error. A job of another engagement is 404 \`not_found\`. ${LIST}`,
  },
  'taxjar-taxes': {
    summary: 'Calculate the tax of an order (TaxJar)',
    description: lines(
      `TaxJar’s \`POST /v2/taxes\`, taxed by the engine of \`POST /api/v1/calculations\`; nothing is stored. ${TAXJAR}`,
      '',
      'How TaxJar’s fields are read: `to_*`/`from_*` are the destination and origin (`to_street` is `line1`); each line item becomes a line (`unit_price` × `quantity`, its `discount`, `product_tax_code`); `shipping` is a line of its own taxed by the state’s freight rule; `amount` counts only without line items. `nexus_addresses` decide nexus (a destination among them is taxed; otherwise `has_nexus: false`); without them the account’s nexus setting does. `from_state: IL` makes the seller `in_state` for Illinois, anything else `remote`.',
      '',
      'Amounts and quantities may be decimal strings (`"24.50"`), an empty `product_tax_code` is none (general goods), and an unknown `customer_id` is a customer without an exemption, as TaxJar reads them. As TaxJar: no `breakdown` without line items or nexus, and `breakdown.shipping` only where freight is taxed. Where it differs from TaxJar: `customer_id` selects the customer’s active, assigned certificate for the destination state, and `exemption_type` `wholesale`, `government` or `other` without such a certificate is refused (422 `exemption_certificate_not_found`) rather than trusted; non-US destinations are refused (400 `invalid_address`); Canadian and international fields are not supported. The answer adds `rate_areas`, `breakdown.sources` and each line’s `taxability_rule`. Billed as one `calculation`.',
    ),
  },
  'taxjar-magento-taxes': {
    summary: 'Calculate the tax of a Magento quote (TaxJar)',
    description: `The path TaxJar’s Magento 2 extension calculates every quote at: the same request, answer and billing as \`POST /v2/taxes\`. ${TAXJAR}`,
  },
  'taxjar-verify': {
    summary: 'Check that a key works (TaxJar)',
    description: `TaxJar’s \`POST /v2/verify\`, which the Magento 2 extension calls before it connects: \`{valid: true, enabled: true, plus: false}\` for the key the request authenticates with (the body’s \`token\` is accepted as the extension sends it); a key that does not work is 401. ${TAXJAR}`,
  },
  'taxjar-addresses-validate': {
    summary: 'Validate an address by its ZIP code (TaxJar)',
    description: `TaxJar’s \`POST /v2/addresses/validate\` in its ZIP-only form: the content has no street data, so an address is placed by its \`zip\` (required), and each candidate is a state whose tables list the ZIP, with that row’s county and city (several where a ZIP crosses a state line; \`state\` narrows to one). The street is never corrected or confirmed. A ZIP no state lists is 404 \`not_found\`, as TaxJar answers no match; a country other than the US is 400 \`invalid_address\`. Not billed. ${TAXJAR}`,
  },
  'taxjar-rates-get': {
    summary: 'Look up the rates at a ZIP code (TaxJar)',
    description: `TaxJar’s \`GET /v2/rates/:zip\`: today’s breakdown of \`GET /api/v1/rates\` as \`state_rate\`, \`county_rate\`, \`city_rate\`, \`combined_district_rate\` (special districts) and \`combined_rate\`, with names and \`freight_taxable\` from the state’s shipping rule. The \`state\` query narrows an ambiguous ZIP; \`city\`, \`street\` and \`country\` are accepted and unused (no boundary data; US only). An unknown ZIP is 400 \`invalid_address\`. ${TAXJAR}`,
  },
  'taxjar-categories': {
    summary: 'List the product tax categories (TaxJar)',
    description: `TaxJar’s \`GET /v2/categories\`: the catalog of \`GET /api/v1/tax-codes\` (name, \`product_tax_code\`, description), without this service’s \`SHIPPING\` code. ${TAXJAR}`,
  },
  'taxjar-summary-rates': {
    summary: 'List minimum and average rates per state (TaxJar)',
    description: `TaxJar’s \`GET /v2/summary_rates\`, for every state and DC: \`minimum_rate\` is the lowest state part in the content’s ZIP table, \`average_rate\` the mean combined rate over the state’s ZIP codes (not weighted by population). No other countries. ${TAXJAR}`,
  },
  'taxjar-nexus-regions': {
    summary: 'List the states where the account has nexus (TaxJar)',
    description: `TaxJar’s \`GET /v2/nexus/regions\`: the account’s nexus setting of the key’s environment (\`PATCH /api/v1/account\`); \`all\` lists every state and DC. ${TAXJAR}`,
  },
  'taxjar-orders-list': {
    summary: 'List order ids (TaxJar)',
    description: `TaxJar’s \`GET /v2/transactions/orders\`: the ids of live orders (sales and replacements neither voided nor adjusted) dated on \`transaction_date\` or between \`from_transaction_date\` and \`to_transaction_date\` (YYYY/MM/DD or YYYY-MM-DD), each id once. TaxJar’s lists have no pages, so up to 10,000 are read. \`provider\` is accepted and ignored. ${TAXJAR}`,
  },
  'taxjar-orders-get': {
    summary: 'Read an order (TaxJar)',
    description: `TaxJar’s \`GET /v2/transactions/orders/:id\`: the order’s current version (the sale, or after updates its latest replacement), its \`sales_tax\` as committed. Refunds, reversals and voided (deleted) orders are 404, as in TaxJar. ${TAXJAR}`,
  },
  'taxjar-orders-create': {
    summary: 'Commit an order (TaxJar)',
    description: lines(
      `TaxJar’s \`POST /v2/transactions/orders\`: a commit (\`POST /api/v1/transactions\`) under the code \`transaction_id\`, the document read from the fields as \`POST /v2/taxes\` reads them, dated \`transaction_date\`. ${TAXJAR}`,
      '',
      'Where it differs from TaxJar: the order’s `sales_tax` (and the line items’) is not taken on trust: the engine’s tax is committed and answered, and `amount` is answered from the committed document (items net of discounts, plus shipping). Without line items, the request’s `amount` is taxed as one line beside the shipping line, as `POST /v2/taxes` reads it, so it must leave the shipping out (TaxJar’s order `amount` counts it). A second create of the same id is 422 (`duplicate_transaction` in `detail`). Billed as one `commit`.',
    ),
  },
  'taxjar-orders-update': {
    summary: 'Update an order (TaxJar)',
    description: `TaxJar’s \`PUT /v2/transactions/orders/:id\`, as an adjustment (\`POST /api/v1/transactions/adjustments\`): the current version becomes \`adjusted\`, a reversal \`<id>:r<n>\` and a replacement \`<id>:v<n>\` are written atomically, taxed now. Fields the request leaves out keep their committed values (of the addresses, the destination state and ZIP; \`from_\` fields are not kept). Once the order has refunds it is refused (422 \`invalid_lifecycle\`), as any adjustment. Billed as one \`adjustment\`. ${TAXJAR}`,
  },
  'taxjar-orders-delete': {
    summary: 'Delete an order (TaxJar)',
    description: `TaxJar’s \`DELETE /v2/transactions/orders/:id\`, as a void (\`POST /api/v1/transactions/{code}/void\`) of the current version; the order is then 404, as in TaxJar. An order with refunds is refused (422 \`invalid_lifecycle\`). The example deletes \`TJ-1002\`, an order created like the create example. Billed as one \`void\`. ${TAXJAR}`,
  },
  'taxjar-refunds-list': {
    summary: 'List refund ids (TaxJar)',
    description: `TaxJar’s \`GET /v2/transactions/refunds\`: the ids of refunds dated on \`transaction_date\` or between \`from_transaction_date\` and \`to_transaction_date\`, unpaged (up to 10,000). ${TAXJAR}`,
  },
  'taxjar-refunds-get': {
    summary: 'Read a refund (TaxJar)',
    description: `TaxJar’s \`GET /v2/transactions/refunds/:id\`: a refund document as committed (negative amounts and tax), \`transaction_reference_id\` naming the order: the refund's live version (after an update, its latest; after a delete, 404 as in TaxJar). ${TAXJAR}`,
  },
  'taxjar-refunds-create': {
    summary: 'Refund an order (TaxJar)',
    description: lines(
      `TaxJar’s \`POST /v2/transactions/refunds\`, as a refund (\`POST /api/v1/transactions/{code}/refunds\`) of the current version of the order \`transaction_reference_id\`, under the refund’s own \`transaction_id\`: each line item refunds |\`unit_price\` × \`quantity\`| − |\`discount\`| of the order line with the same \`id\`, and \`shipping\` the shipping line, at the order’s rates (so refunds never exceed the order’s tax). Amounts may carry either sign. ${TAXJAR}`,
      '',
      'Where it differs from TaxJar: without line items, `amount` must be everything that remains refundable (a full refund) or the shipping alone; a partial amount without line items is 400 `invalid_request` (which lines it came from cannot be known). More than remains is 422 `refund_exceeds_refundable`; a taken id 422 `duplicate_transaction`. Billed as one `refund`.',
    ),
  },
  'taxjar-refunds-update': {
    summary: 'Update a refund (TaxJar)',
    description: lines(
      `TaxJar’s \`PUT /v2/transactions/refunds/:id\`: the refund’s live version is withdrawn (voided; its order gets back exactly what it took, line by line, and \`transaction.refund_withdrawn\` is written) and the refund the request describes is written as the next version \`<id>:v<n>\`, computed as a create computes it, both in one atomic write with the order’s change, the events and the return summaries. Fields the request leaves out keep the stored refund’s; an \`amount\` without \`line_items\` replaces the stored items. \`transaction_reference_id\` must name the refund’s own order or be absent (400 \`invalid_request\`). ${TAXJAR}`,
      '',
      'An update that refunds exactly what is stored writes nothing and answers the stored refund, so a retry of an applied update answers as the update did. An unknown or deleted id is 404. Billed as one `refund` when it writes.',
    ),
  },
  'taxjar-refunds-delete': {
    summary: 'Delete a refund (TaxJar)',
    description: `TaxJar’s \`DELETE /v2/transactions/refunds/:id\`: the refund’s live version is withdrawn (voided; its order gets back exactly what it took, line by line, its status \`committed\` again if it was \`refunded\`; its contribution leaves the return summaries; \`transaction.refund_withdrawn\` is written with it). Answered as TaxJar answers a delete: the id, every other field null. The refund is then 404 and its id may be created again (as the next version \`<id>:v<n>\`). An unknown or already deleted id is 404, so a retried delete changes nothing. Billed as one \`void\`. ${TAXJAR}`,
  },
  'taxjar-customers-list': {
    summary: 'List customer ids (TaxJar)',
    description: `TaxJar’s \`GET /v2/customers\`: every customer id in the key’s scope, unpaged (up to 10,000). ${TAXJAR}`,
  },
  'taxjar-customers-get': {
    summary: 'Read a customer (TaxJar)',
    description: `TaxJar’s \`GET /v2/customers/:id\` (\`GET /api/v1/customers/{code}\`): the customer with the \`exemption_type\` and \`exempt_regions\` it declared, as sent; a customer that declared no claiming type answers the exemption of its active, assigned, currently effective certificates (\`wholesale\` for resale, \`government\`, or \`other\`; \`non_exempt\` without any). The address fields are answered as sent (\`null\` where none was). ${TAXJAR}`,
  },
  'taxjar-customers-create': {
    summary: 'Create a customer (TaxJar)',
    description: `TaxJar’s \`POST /v2/customers\`: \`POST /api/v1/customers\` with \`customer_code\` = \`customer_id\` and its \`name\`; the declared exemption (\`exemption_type\`, \`exempt_regions\`) and the address fields are kept as sent. A declaration exempts at \`/v2/taxes\` and orders only where no certificate of the customer covers the state, each exempted line saying it rests on a declaration without a certificate, and \`GET /api/v1/exemptions/declared\` lists what relies on it until a certificate covers it. A taken id is 422 \`conflict\`. ${TAXJAR}`,
  },
  'taxjar-customers-update': {
    summary: 'Update a customer (TaxJar)',
    description: `TaxJar’s \`PUT /v2/customers/:id\`: replaces what the body sends (the name, the declared exemption, the address fields) and keeps what it leaves out. ${TAXJAR}`,
  },
  'taxjar-customers-delete': {
    summary: 'Delete a customer (TaxJar)',
    description: `TaxJar’s \`DELETE /v2/customers/:id\`: deletes a customer that holds no certificates and answers it as it was. Where it differs from TaxJar: a customer holding certificates is kept (certificates are evidence other records point to): 422 \`conflict\`. ${TAXJAR}`,
  },
  'webhooks-create': {
    summary: 'Register a webhook endpoint',
    description: lines(
      'Registers a URL to receive the account environment’s events of the listed types (or `["*"]` for all), POSTed at least once and signed per Standard Webhooks. The answer carries the signing `secret` (`whsec_…`) this once; an idempotent replay answers `secret: null`. At most 20 endpoints per account environment.',
      '',
      'A URL the service cannot deliver to is 400 `invalid_request` with a detail at `url`: in production only `https` URLs whose host resolves to public addresses; sandbox endpoints may be `http`, and on the local runner loopback (as in the example, which delivers to a receiver on port 8787 of the runner’s machine). An unknown event type is 422 `validation_error`. See docs/webhooks.md.',
    ),
  },
  'webhooks-list': {
    summary: 'List webhook endpoints',
    description: `The account environment’s endpoints, newest first, with their status (\`disabled\` after failing for days, and why) and secret rotation times, never their secrets. ${LIST}`,
  },
  'webhooks-get': {
    summary: 'Read a webhook endpoint',
    description:
      'One endpoint with its status, `failing_since`, `disabled_reason` and secret rotation times; never its secret. An unknown id is 404 `not_found`. The example’s id is of the form `we_…`.',
  },
  'webhooks-delete': {
    summary: 'Delete a webhook endpoint',
    description: 'Removes an endpoint: nothing more is delivered to it and its pending deliveries are cancelled. An unknown id is 404 `not_found`.',
  },
  'webhooks-rotate-secret': {
    summary: 'Rotate a webhook endpoint’s signing secret',
    description:
      'Answers a new secret, this once (an idempotent replay answers `secret: null`); the previous one keeps signing for 24 hours (`WEBHOOK_SECRET_OVERLAP_SECONDS`), both signatures sent space-separated in `webhook-signature`, so receivers may switch within the day. An unknown id is 404 `not_found`. No body.',
  },
  'events-list': {
    summary: 'List events and their deliveries',
    description: `The account environment’s events of the last 30 days, newest first, optionally of one \`type\`, each with its payload and its delivery state per endpoint (\`pending\`, \`failing\`, \`delivered\`, \`dead_lettered\`, \`cancelled\`, with attempts, last status and error, next attempt). ${LIST}`,
  },
  'events-redeliver': {
    summary: 'Redeliver an event',
    description:
      'Queues the event again to every endpoint subscribed to its type now, as a new generation of attempts with the same `webhook-id` and body (a dead-lettered delivery starts over); answers 202 with the event’s delivery states. An unknown event, or one older than 30 days, is 404 `not_found`; an event that kept changing while it was being redelivered 409 `conflict` (try again). No body. The example’s id is of the form `evt_…`: take one from `GET /events`.',
  },
  'avatax-ping': {
    summary: 'Check the credentials (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/utilities/ping\`: 200 whatever the credentials, with \`authenticated\` saying whether they name a usable key (HTTP Basic \`<account>:<key>\`, Bearer or X-Api-Key) and, if so, the key’s name and the numeric ids of the key and its account. ${AVATAX}`,
  },
  // AvaTax reference, companies, customers and certificates.
  'avatax-addresses-resolve': {
    summary: 'Resolve an address (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/addresses/resolve\` (query names in any letter case): the address placed by its ZIP code, the one thing the tax content knows of a US address. \`validatedAddresses[0]\` is the address as sent (lines echoed, not validated: \`addressType\` \`UnknownAddressType\`) with its state, its ZIP code and, when no city was sent, the ZIP code’s city; \`textCase\` \`Upper\` (default) or \`Mixed\` cases the answer. \`coordinates\` (and \`latitude\`/\`longitude\` of \`validatedAddresses[0]\`) are the ZIP code’s centroid as GeoNames gives it, to four decimals, with \`resolutionQuality\` \`PostalCentroidGood\` (AvaTax’s value for a 5-digit ZIP centroid; \`PartialCentroid\` where GeoNames only estimated the point from neighbouring codes); a ZIP code without a point answers \`NotCoded\` and no \`coordinates\`. Nothing claims street or rooftop accuracy. \`taxAuthorities\` are the jurisdictions of the ZIP code’s rate area today. A good address has no \`messages\` key; one that cannot be placed (no ZIP code, not a US ZIP code, a ZIP code not in the region sent, an unknown ZIP code, another country) answers 200 with \`messages\` of severity \`Error\` (\`summary\`, \`details\`, \`refersTo\`, \`source\`), as AvaTax does. Not billed. ${AVATAX}`,
  },
  'avatax-addresses-resolve-post': {
    summary: 'Resolve an address from a body (AvaTax)',
    description: `AvaTax’s \`POST /api/v2/addresses/resolve\` with an AddressValidationInfo body (property names in any letter case; \`latitude\`/\`longitude\` are echoed, not used): the GET’s answer. Stores nothing; not billed. ${AVATAX}`,
  },
  'avatax-taxrates-byaddress': {
    summary: 'Read the tax rates of an address (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/taxrates/byaddress\`: TaxRateModel \`{totalRate, rates: [{rate, name, type}]}\` (type State, County, City or Special) of the address’s ZIP code today: the breakdown \`GET /api/v1/rates\` answers for it, to the micro-unit. The street and city are accepted and unused (rates are looked up by ZIP code); \`region\`, when sent, must hold the ZIP code. Refusals: 400 InvalidAddress / InvalidPostalCode (\`invalid_address\`) for a ZIP code that is not one, not in the region or outside the US, ValueRequiredError without \`postalCode\`, GetTaxError JurisdictionNotFoundError (\`rate_unavailable\`) for a ZIP code without a rate. Not billed. ${AVATAX}`,
  },
  'avatax-taxrates-bypostalcode': {
    summary: 'Read the tax rates of a ZIP code (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/taxrates/bypostalcode\`: the byaddress answer for a ZIP code alone (a ZIP code listed in several states needs the byaddress \`region\`). Not billed. ${AVATAX}`,
  },
  'avatax-taxcodes-list': {
    summary: 'List the AvaTax tax codes the service maps (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/definitions/taxcodes\`: the AvaTax system tax codes of this service’s crosswalk (data/avatax_tax_code_crosswalk.csv) as TaxCodeModel rows of a FetchResult, by code; each \`description\` says which of the service’s codes (\`GET /api/v1/tax-codes\`) the code is taxed as. Codes outside the crosswalk are not listed (a document may still send them: they are passed to the engine as sent). \`$filter\` over id, companyId, taxCode, taxCodeTypeId, description, isPhysical, isActive (\`taxCode contains "P0"\`, \`taxCode eq 'NT'\`), \`$orderBy\`, \`$top\` (≤ 1000), \`$skip\`. ${AVATAX}`,
  },
  'avatax-entityusecodes-list': {
    summary: 'List the entity-use codes (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/definitions/entityusecodes\`: the standard entity-use codes as EntityUseCodeModel rows of a FetchResult; \`$filter\` over code, name, description (\`code eq G\`, quoted or not). A code claims an exemption; this service exempts only on the customer’s certificate (docs/transactions-and-certificates.md). ${AVATAX}`,
  },
  'avatax-companies-list': {
    summary: 'List the companies (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/companies\`: the account’s companies as CompanyModel rows of a FetchResult: the account itself as \`DEFAULT\` (\`isDefault\`, named as the account) and each location (companyCode = the location’s code, named as it). \`id\` is the number AvaTax clients put in \`/companies/{companyCode}/customers\` and \`…/certificates\` paths (which take the company’s code too); \`accountId\` the account’s numeric id. A location-scoped key sees its own location’s company only. \`$filter\` over id, accountId, companyCode, name, isDefault, isActive, defaultCountry, baseCurrencyCode, isTest, createdDate (\`companyCode eq 'EAST'\`), \`$orderBy\`, \`$top\`, \`$skip\`; \`$include\` is accepted and adds nothing. ${AVATAX}`,
  },
  'avatax-customers-create': {
    summary: 'Create customers of a company (AvaTax)',
    description: `AvaTax’s \`POST /api/v2/companies/{companyCode}/customers\`: an array of 1 to 100 CustomerModel (property names in any letter case), created all or none as customers of the company’s location (the default company: none), so \`GET /api/v1/customers/{code}\` shows them. Each needs \`customerCode\` and \`name\`; the address and contact details (line1, city, region, postalCode, country, emailAddress, phoneNumber, …) are kept beside the customer and answered back, never used to tax. A code that is not one of this service’s (\`A-Z a-z 0-9 . _ : -\`, up to 50) is kept under \`av.\` and a digest of it and answered as written. Answers 201 with the customers. Refusals: 400 DuplicateEntry (\`conflict\`) when a code exists anywhere in the account, a code twice in the array, ValueRequiredError for a missing code or name, 404 EntityNotFoundError for a company the key cannot see (the path names it by its number, as AvaTax clients do, or by its code). Exemptions follow from certificates (\`/api/v1/certificates\`), not from the customer. Not billed. ${AVATAX}`,
  },
  'avatax-customers-list': {
    summary: 'List the customers of a company (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/companies/{companyCode}/customers\`: the company’s customers (up to 10,000, newest first) as CustomerModel rows of a FetchResult. A customer made through /api/v1 has no address here: its line1, city, postalCode and country are empty strings (strict clients need strings). \`$filter\` over id, customerCode, alternateId, name, line1, city, region, postalCode, country, emailAddress, createdDate, modifiedDate; \`$orderBy\`, \`$top\`, \`$skip\`; \`$include\` is accepted and adds nothing. 404 EntityNotFoundError for a company the key cannot see. ${AVATAX}`,
  },
  'avatax-customers-get': {
    summary: 'Read a customer of a company (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/companies/{companyCode}/customers/{customerCode}\` (the code percent-encoded or in AvaTax’s \`_-ava2f-_\` escapes): the customer, or 404 EntityNotFoundError when the company has no customer of this code (a customer of another company of the account included). ${AVATAX}`,
  },
  'avatax-customers-update': {
    summary: 'Replace a customer of a company (AvaTax)',
    description: `AvaTax’s \`PUT /api/v2/companies/{companyCode}/customers/{customerCode}\`: replaces the customer’s name and the details kept for it with the CustomerModel sent (\`name\` required); its code and company stay (a \`customerCode\` other than the path’s is 400). 404 EntityNotFoundError when the company has no such customer. ${AVATAX}`,
  },
  'avatax-customer-certificates-list': {
    summary: 'List a customer’s certificates (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/companies/{companyCode}/customers/{customerCode}/certificates\`: the customer’s exemption certificates as the company’s list answers them; 404 EntityNotFoundError for a customer the company does not have. ${AVATAX}`,
  },
  'avatax-certificates-list': {
    summary: 'List a company’s certificates (AvaTax)',
    description: `AvaTax’s \`GET /api/v2/companies/{companyCode}/certificates\`: the exemption certificates of the company’s location (up to 10,000, newest first) as CertificateModel rows of a FetchResult: \`signedDate\`/\`expirationDate\` its validity window, \`exposureZone\` its state, \`exemptionReason.name\` its reason, \`status\` COMPLETE once reviewed (PENDING before), \`valid\` reviewed and in force today. \`$include=customers\` adds each one’s customer (needs \`customers:read\`). \`$filter\` over id, signedDate, expirationDate, exemptionNumber, status, valid, verified, createdDate, modifiedDate, customerCode; \`$orderBy\`, \`$top\`, \`$skip\`. Certificates are recorded, reviewed and assigned through \`/api/v1/certificates\`: AvaTax’s certificate creation takes the signed form itself, which this service does not store. ${AVATAX}`,
  },
  // --- AvaTax transactions (docs/avatax-compatibility.md, "Transactions") ---
  'avatax-transactions-create': {
    summary: 'Create a transaction (AvaTax)',
    description: lines(
      `AvaTax’s \`CreateTransaction\`. The CreateTransactionModel is read in any letter case (names, enumerations by name or number, amounts and codes as numbers or strings, dates with or without a time) and taxed by the engine of \`POST /api/v1/calculations\`, to the cent. A company is one of the account’s locations (\`companyCode\` = the location code) or \`DEFAULT\`, the account level; a location-scoped key acts for its own. Answers 201 with AvaTax’s TransactionModel: line numbers exactly as sent, item and tax codes as sent, \`details\` and \`summary\` without any \`$include\`.`,
      '',
      '- **Orders** (`SalesOrder`, `ReturnOrder`, and a request without `type`): an estimate, `Temporary`, `id` 0, stored nowhere; billed as one calculation.',
      '- **Invoices** with `commit: true`: committed through `POST /api/v1/transactions`’ use case (code = the AvaTax code, or `av.` and a hash for a code the ledger’s pattern cannot hold), visible in `GET /api/v1/transactions/{code}`. A `ReturnInvoice` is recorded as a refund of the sale its `referenceCode` names (lines matched by line number, else item code; at the sale’s rates); without one it is 400 `IncorrectFieldValue` at `referenceCode`.',
      '- **Invoices** with `commit: false`: `Saved`, a draft kept beside the ledger (no return summary, not in /api/v1 lists); a create of a Saved code replaces it.',
      '- A **Committed or Cancelled** code: 400 `GetTaxError` (300) with the `DocStatus` detail ("Expected Saved|Posted"), also for a retry of the same payload (the detail says so; an `Idempotency-Key` replays the first answer instead). Use createoradjust to change a committed document.',
      '- `entityUseCode` / `exemptionNo` exempt a line only on an active certificate of `customerCode` with the reason the code claims (for the line’s state, on the date); otherwise the line is taxed and `messages` carries the warning `exemption_not_certified`.',
      '',
      `Recording an invoice needs \`transactions:write\` as well (403 \`PermissionRequired\`). ${AVATAX}`,
    ),
  },
  'avatax-transactions-create-or-adjust': {
    summary: 'Create or adjust a transaction (AvaTax)',
    description: lines(
      'AvaTax’s `CreateOrAdjustTransaction` `{createTransactionModel, adjustmentReason?, adjustmentDescription?}`: as create for a new code or an order; for a code that exists:',
      '',
      '- a **Saved** (or Cancelled) draft is replaced, or committed with `commit: true`;',
      '- a **Committed** document is adjusted by the ledger’s adjustment: the current version becomes `Adjusted` (still readable in /api/v1), its reversal `<code>:r<n>` and the replacement `<code>:v<n>` are written at once, and the code now answers the replacement (`version` n); with `commit: false` the committed version is voided and the new content saved as a draft instead, in one atomic write;',
      '- a **Cancelled** document is recorded again as its next version (the void stays).',
      '',
      `Refused only for what the ledger will not change: a sale that refunds or credits draw on (400 \`CannotModifyLockedTransaction\`, 1100), a refund. ${AVATAX}`,
    ),
  },
  'avatax-transactions-get': {
    summary: 'Read a transaction (AvaTax)',
    description: `AvaTax’s \`GetTransactionByCode\`: the code’s current state in the company — its draft, else the ledger’s latest version (after adjustments, the replacement; after an uncommit or unvoid and a commit, the new version). A document committed through \`/api/v1\` or the TaxJar surface reads here too (company = its location, or DEFAULT), with the ledger’s line numbers. \`documentType\` (name or number) picks the type; without it a SalesInvoice is preferred to a ReturnInvoice. \`$include\`: Lines, Details, Summary, Addresses, SummaryOnly (no lines), LinesOnly, TaxDetailsByTaxType, any case; empty or absent: Summary,Addresses; unknown words are ignored. An unknown code, company or type is 404 \`EntityNotFoundError\`. Path codes may be escaped (\`_-ava2f-_\` for \`/\`, percent-encoding). ${AVATAX}`,
  },
  'avatax-transactions-list': {
    summary: 'List a company’s transactions (AvaTax)',
    description: `AvaTax’s \`ListTransactionsByCompany\` as a FetchResult \`{@recordsetCount, value, nextLink}\`: one row per code and type in its current state (drafts included; reversals and adjusted versions, the ledger’s bookkeeping, not), newest first, of the company’s documents of the key’s tenant (up to 10,000 read). \`$filter\` (clauses joined by \`and\` over id, code, type, status, date, customerCode, referenceCode, purchaseOrderNo, totalAmount, totalTax, modifiedDate), \`$orderBy\`, \`$top\` (at most 1000) and \`$skip\` apply to the whole company: \`@recordsetCount\` is the unpaged total. There is no implicit 30-day window: filter on date. A filter this service cannot read is 400 naming what was not understood. ${AVATAX}`,
  },
  'avatax-transactions-commit': {
    summary: 'Commit a transaction (AvaTax)',
    description: `AvaTax’s \`CommitTransaction\` (\`{commit: true}\`, or no body): a Saved draft is committed through the commit use case (taxed again from its document) and deleted in the same atomic write; a committed document is answered as it is (a commit is idempotent); \`commit: false\` changes nothing. A Cancelled document is 400 \`InvalidDocumentStatus\`: unvoid it first. \`documentType\` defaults to SalesInvoice. ${AVATAX}`,
  },
  'avatax-transactions-adjust': {
    summary: 'Adjust a transaction (AvaTax)',
    description: `AvaTax’s \`AdjustTransaction\` \`{adjustmentReason, adjustmentDescription?, newTransaction}\`: as createoradjust on the document the path names (its code and company win over the new transaction’s; its type is kept unless the new transaction says; a committed document stays committed unless \`commit: false\` is sent). An unknown code is 404. ${AVATAX}`,
  },
  'avatax-transactions-settle': {
    summary: 'Settle a transaction (AvaTax)',
    description: `AvaTax’s \`SettleTransaction\`, in its order: \`verify\` (\`verifyTransactionDate\`, \`verifyTotalAmount\`, \`verifyTotalTax\`, amounts to the cent: 400 \`DateMismatch\` 1305, \`TotalAmountMismatch\` 1307, \`TotalTaxMismatch\` 1308), \`changeCode\` (a Saved document’s code; a recorded document keeps its own: 400 \`IncorrectFieldValue\`), \`commit\`. ${AVATAX}`,
  },
  'avatax-transactions-refund': {
    summary: 'Refund a transaction (AvaTax)',
    description: `AvaTax’s \`RefundTransaction\`: a ReturnInvoice coded \`refundTransactionCode\`, dated \`refundDate\`, \`referenceCode\` kept. \`Full\` refunds everything that remains, \`Partial\` the \`refundLines\` (line numbers as the sale sent them) whole, \`Percentage\` that share of each line, all through the ledger’s refund at the sale’s own rates (so the tax refunded matches what was charged, \`useTaxDateOverride\` or not); \`TaxOnly\` is the ledger’s tax-only credit of the remaining tax. AvaTax’s rules 701–709 apply (e.g. 704 without refundLines, 707 for a line the sale does not have, 708 for a percentage above what remains). Only a committed sale can be refunded (a Saved one: 400 \`DocumentNotCommitted\`). ${AVATAX}`,
  },
  'avatax-transactions-uncommit': {
    summary: 'Uncommit a transaction (AvaTax)',
    description: `AvaTax’s \`UncommitTransaction\` (no body). The ledger never edits a committed document away: the committed version is voided and its request saved as a draft (\`Saved\`), in one atomic write; a later commit writes the code’s next version \`<code>:v<n>\`. Refused as 400 \`CannotModifyLockedTransaction\` (1100) for a sale with refunds or credits and for a document not recorded through this API (its request is not kept). A Saved document is answered as it is. ${AVATAX}`,
  },
  'avatax-transactions-void': {
    summary: 'Void a transaction (AvaTax)',
    description: `AvaTax’s \`VoidTransaction\` with \`code\` by name in any case or number: \`DocVoided\` (3), \`DocDeleted\` (2) and \`Unspecified\` (0) void a committed document (the ledger’s void: Cancelled) and cancel a draft (DocDeleted deletes it); \`PostFailed\` and \`AdjustmentCancelled\` undo steps this service does not have (400). No code: 400 \`ValueRequiredError\`. A cancelled document: 400 \`TransactionAlreadyCancelled\` (198); a sale with refunds or credits: 400 \`CannotModifyLockedTransaction\` (1100). ${AVATAX}`,
  },
  'avatax-transactions-unvoid': {
    summary: 'Unvoid a transaction (AvaTax)',
    description: `AvaTax’s \`UnvoidTransaction\` (no body): a cancelled draft is Saved again; a voided document’s request becomes a draft (the void stays in the ledger; committing the draft writes the code’s next version). A document that is not cancelled is 400 \`TransactionNotCancelled\` (1300); one not recorded through this API, 400 \`CannotModifyLockedTransaction\`. ${AVATAX}`,
  },
} as const satisfies Record<RouteId, OperationText>;
