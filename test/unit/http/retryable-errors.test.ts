// Transient failures of DynamoDB and SQS become a retryable 503 with Retry-After, never a 500; and
// the fault layer that injects them in tests is refused on the production stage.

import { IdempotencyPersistenceLayerError } from '@aws-lambda-powertools/idempotency';
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { assertFaultsAllowed, parseFaults } from '../../../functions/adapters/faults';
import { errorResponse, toDomainError } from '../../../functions/http/error-response';

describe('retryable dependency failures', () => {
  const transient = [
    new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
    Object.assign(new Error('x'), { name: 'ThrottlingException' }),
    Object.assign(new Error('x'), { name: 'TimeoutError' }),
    new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] }),
    Object.assign(new Error('x'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }),
    new IdempotencyPersistenceLayerError('Failed to save in progress record', {
      cause: new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
    }),
  ];
  for (const error of transient)
    it(`${error.name} → 503 service_unavailable with Retry-After`, () => {
      const response = errorResponse(toDomainError(error), 'req-1');
      expect(response.statusCode).toBe(503);
      expect(response.headers?.['Retry-After']).toBe('1');
      expect(JSON.parse(response.body).error).toMatchObject({ code: 'service_unavailable', request_id: 'req-1' });
      expect(response.body).not.toContain('x"');
    });

  it('anything else stays a 500 that says nothing', () => {
    for (const error of [
      new RangeError('Maximum call stack'),
      new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'ValidationError' }] }),
    ])
      expect(errorResponse(toDomainError(error), 'r').statusCode).toBe(500);
  });
});

describe('fault layer', () => {
  it('parses rules and refuses bad ones', () => {
    expect(parseFaults('dynamodb:TransactWriteItems:timeout:3, sqs:*:duplicate:1')).toEqual([
      { client: 'dynamodb', operation: 'TransactWriteItems', fault: 'timeout', every: 3 },
      { client: 'sqs', operation: '*', fault: 'duplicate', every: 1 },
    ]);
    expect(() => parseFaults('dynamodb:*:explode:1')).toThrow(/bad rule/);
    expect(() => parseFaults('dynamodb:*:throttle:0')).toThrow(/bad rule/);
  });

  it('is refused on the production stage', () => {
    expect(() => assertFaultsAllowed('prod', 'dynamodb:*:throttle:1')).toThrow(/production/);
    expect(() => assertFaultsAllowed('prod', undefined)).not.toThrow();
    expect(() => assertFaultsAllowed('dev', 'dynamodb:*:throttle:1')).not.toThrow();
  });
});
