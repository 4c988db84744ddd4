/** The benchmark document: 10 lines across states, tax codes, a discount and a tax-included line. */
export const TEN_LINES = {
  date: '2026-04-15',
  ship_to: { state: 'NY', zip: '10001' },
  lines: [
    { amount: 129.99, quantity: 1 },
    { amount: 45.5, tax_code: '20010', quantity: 2 },
    { amount: 12.49, tax_code: '40030' },
    { amount: 300, discount: 25 },
    { amount: 19.99, tax_code: '31000' },
    { amount: 88.88, tax_included: true },
    { amount: 250, ship_to: { state: 'TX', zip: '78701' } },
    { amount: 75.25, ship_to: { state: 'WA', zip: '98101' } },
    { amount: 9.99, tax_code: 'SHIPPING' },
    { amount: 1499, ship_to: { state: 'CA', zip: '94103' }, tax_code: '30070' },
  ],
};
