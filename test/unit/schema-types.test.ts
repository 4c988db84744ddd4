// The core declares the document it takes (functions/core/tax/input.ts) rather than importing the
// HTTP request schemas; these checks keep the two in step. They are checked by the compiler:
// `npm run typecheck` fails when a schema's output no longer fits the core's types.
import type * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import type { AddressInput, DocumentInput, LineInput } from '../../functions/core/tax/input';
import type { AddressSchema } from '../../functions/schemas/address';
import type { CalculationRequestSchema, LineSchema, TransactionRequestSchema } from '../../functions/schemas/document';

type Calculation = v.InferOutput<typeof CalculationRequestSchema>;
type Line = v.InferOutput<typeof LineSchema>;
type Address = v.InferOutput<typeof AddressSchema>;

describe('request schemas output what the core takes', () => {
  it('a validated calculation or transaction body is a core DocumentInput', () => {
    expectTypeOf<Calculation>().toExtend<DocumentInput>();
    expectTypeOf<v.InferOutput<typeof TransactionRequestSchema>>().toExtend<DocumentInput>();
  });

  it('a validated line is a core LineInput, and an address a core AddressInput', () => {
    expectTypeOf<Line>().toExtend<LineInput>();
    expectTypeOf<Address>().toExtend<AddressInput>();
  });

  it('the core types name exactly the fields the schemas output', () => {
    expectTypeOf<keyof DocumentInput>().toEqualTypeOf<keyof Calculation>();
    expectTypeOf<keyof LineInput>().toEqualTypeOf<keyof Line>();
    expectTypeOf<keyof AddressInput>().toEqualTypeOf<keyof Address>();
  });
});
