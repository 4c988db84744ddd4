// The views the handlers answer with must produce what the response schemas declare: these checks
// run in the compiler (`npm run typecheck` fails when a view drifts from its schema); the
// integration tests check the same schemas against real responses.
import type * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import type { accountView, keyView, locationView } from '../../functions/core/account/views';
import type { certificateView } from '../../functions/core/certificates/certificate';
import type { customerView } from '../../functions/core/customers/customer';
import type { calculationView } from '../../functions/core/tax/view';
import type { transactionSummaryView, transactionView } from '../../functions/core/transactions/view';
import type { ErrorBody } from '../../functions/http/error-response';
import type { Account, ApiKey, Location } from '../../functions/schemas/responses/account';
import type { Certificate, Customer } from '../../functions/schemas/responses/certificates';
import type { ErrorEnvelope } from '../../functions/schemas/responses/error';
import type { Calculation, Transaction, TransactionSummary } from '../../functions/schemas/responses/tax';

type Out<S extends v.GenericSchema> = v.InferInput<S>;

describe('views answer what the response schemas declare', () => {
  it('taxed documents', () => {
    expectTypeOf<ReturnType<typeof calculationView>>().toExtend<Out<typeof Calculation>>();
    expectTypeOf<ReturnType<typeof transactionView>>().toExtend<Out<typeof Transaction>>();
    expectTypeOf<ReturnType<typeof transactionSummaryView>>().toExtend<Out<typeof TransactionSummary>>();
  });

  it('administration records', () => {
    expectTypeOf<ReturnType<typeof accountView>>().toExtend<Out<typeof Account>>();
    expectTypeOf<ReturnType<typeof keyView>>().toExtend<Out<typeof ApiKey>>();
    expectTypeOf<ReturnType<typeof locationView>>().toExtend<Out<typeof Location>>();
  });

  it('customers and certificates', () => {
    expectTypeOf<ReturnType<typeof customerView>>().toExtend<Out<typeof Customer>>();
    expectTypeOf<ReturnType<typeof certificateView>>().toExtend<Out<typeof Certificate>>();
  });

  it('the error envelope', () => {
    expectTypeOf<ErrorBody>().toExtend<Out<typeof ErrorEnvelope>>();
  });
});
