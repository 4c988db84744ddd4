// A batch item's request is validated when it runs, by the schema of the endpoint it stands for:
// an invalid item fails with exactly the validation error that endpoint would answer.
import type { ItemRequestParser } from '../../application/batches';
import { validate } from '../../http/validation';
import { CalculationRequestSchema, TransactionRequestSchema } from '../../schemas/document';

export const itemRequests: ItemRequestParser = {
  calculation: (request) => validate(CalculationRequestSchema, request, 'body'),
  commit: (request) => validate(TransactionRequestSchema, request, 'body'),
};
