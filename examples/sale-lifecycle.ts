// Calculate → commit → partial refund → lookup: the life of one sale.
import { pathToFileURL } from 'node:url';
import { connect, type ExampleTarget, fresh, must, targetFromEnv } from './connect';

export async function saleLifecycle(target: ExampleTarget) {
  const api = connect(target);
  const document = {
    date: '2026-04-15',
    ship_to: { line1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' },
    lines: [
      { number: '1', description: 'Standing desk', amount: 499.0 },
      // `amount` is the extended amount: two lamps at 45.50.
      { number: '2', description: 'Desk lamp', amount: 91.0, quantity: 2 },
    ],
  };

  // 1. Quote: nothing is stored, safe to retry.
  const quote = must(await api.POST('/api/v1/calculations', { body: document }));

  // 2. Commit under our own code; an Idempotency-Key derived from it makes a re-run of this
  //    step replay the first answer instead of failing as a duplicate.
  const code = fresh('ORDER');
  const sale = must(await api.POST('/api/v1/transactions', { body: { ...document, code }, params: { header: { 'Idempotency-Key': `commit-${code}` } } }));

  // 3. The customer returns one lamp: refund 45.50 of line 2 (tax at the original's rates).
  const refund = must(
    await api.POST('/api/v1/transactions/{code}/refunds', {
      params: { path: { code } },
      body: { refund_code: `${code}-R1`, reason: 'returned one lamp', lines: [{ number: '2', amount: 45.5 }] },
    }),
  );

  // 4. Look the sale up again: line 2 now shows what was refunded and what remains.
  const after = must(await api.GET('/api/v1/transactions/{code}', { params: { path: { code } } }));
  return { quote, sale, refund, after };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { quote, sale, refund, after } = await saleLifecycle(targetFromEnv());
  console.log(`quoted tax ${quote.total_tax}; committed ${sale.code} with tax ${sale.total_tax}`);
  console.log(`refund ${refund.code}: amount ${refund.total_amount}, tax ${refund.total_tax}`);
  console.log(`line 2 refundable now ${after.lines[1]?.refundable_amount}, remaining tax ${after.lines[1]?.remaining_tax}`);
}
