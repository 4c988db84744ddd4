// The TaxJar SmartCalcs-compatible routes (README "TaxJar compatibility"): each answers TaxJar's
// top-level key. The inner objects follow TaxJar's documented shapes, which TaxJar itself extends
// over time, so they are described open (extra fields allowed) while the wrapper is strict.
import * as v from 'valibot';

const TaxjarObject = (description: string) => v.pipe(v.looseObject({}), v.description(description));
const Ids = v.array(v.string());

export const TaxjarTax = v.strictObject({ tax: TaxjarObject("TaxJar's tax object: amounts, rates, breakdown.") });
export const TaxjarRate = v.strictObject({ rate: TaxjarObject("TaxJar's rate object for a location.") });
export const TaxjarCategories = v.strictObject({ categories: v.array(TaxjarObject('A product category: name, product_tax_code, description.')) });
export const TaxjarSummaryRates = v.strictObject({ summary_rates: v.array(TaxjarObject('Minimum and average rates of a region.')) });
export const TaxjarRegions = v.strictObject({ regions: v.array(TaxjarObject('A nexus region: country, region and their codes.')) });
export const TaxjarOrderIds = v.strictObject({ orders: Ids });
export const TaxjarOrder = v.strictObject({ order: TaxjarObject("TaxJar's order transaction.") });
export const TaxjarRefundIds = v.strictObject({ refunds: Ids });
export const TaxjarRefund = v.strictObject({ refund: TaxjarObject("TaxJar's refund transaction.") });
export const TaxjarCustomerIds = v.strictObject({ customers: Ids });
export const TaxjarCustomer = v.strictObject({ customer: TaxjarObject("TaxJar's customer with its exemption.") });
export const TaxjarVerify = v.strictObject({
  valid: v.pipe(v.boolean(), v.description('The key authenticated.')),
  enabled: v.pipe(v.boolean(), v.description('The account may use the API.')),
  plus: v.pipe(v.boolean(), v.description('TaxJar Plus: never here.')),
});
export const TaxjarAddresses = v.strictObject({ addresses: v.array(TaxjarObject('A place the address may be: zip, state, country, county, city.')) });
