// The AvaTax error dialect: every code our core and application raise has an AvaTax code, number
// and status (found by reading the sources, so a new code fails here until it is mapped); the
// numbers are the official client's; the cases connectors key on answer as they expect.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ErrorCodeId } from 'avatax/lib/enums/ErrorCodeId';
import { describe, expect, it } from 'vitest';
import { refundRequestOf, voidReasonOf } from '../../../functions/core/avatax/actions';
import { AVATAX_ERROR_NUMBERS, type AvataxErrorContext, avataxError, DETAIL_ERRORS, DOMAIN_ERRORS } from '../../../functions/core/avatax/errors';
import { DomainError, ERROR_CODES, type ErrorCode, type ErrorDetail, validationError } from '../../../functions/core/errors';
import { PROJECT_ROOT } from '../../../lib/paths';

const require = createRequire(import.meta.url);
const { JsonConvert, PropertyMatchingRule } = require('json2typescript') as typeof import('json2typescript');
const { ErrorResult } = require('avatax/lib/models/ErrorResult') as typeof import('avatax/lib/models/ErrorResult');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every code raised in functions/: `new DomainError('…'`, a subclass's `super('…'`, the engine's `refusal`/`refuseAny('…'`. */
function raisedCodes(): Map<string, string[]> {
  const raised = new Map<string, string[]>();
  const pattern = /(?:new\s+DomainError|super|refusal|refuseAny)\(\s*'([a-z_]+)'/g;
  for (const file of sources(join(PROJECT_ROOT, 'functions'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) raised.set(m[1]!, [...(raised.get(m[1]!) ?? []), relative(PROJECT_ROOT, file)]);
  }
  return raised;
}

const ours = (code: ErrorCode, message = 'm', details?: readonly ErrorDetail[], retryAfter?: number) => new DomainError(code, message, details, retryAfter);
const answer = (error: DomainError, context?: AvataxErrorContext) => {
  const { status, body } = avataxError(error, context);
  return { status, code: body.error.code, target: body.error.target, numbers: body.error.details.map((d) => d.number) };
};

describe('every raised code has an AvaTax mapping', () => {
  const raised = raisedCodes();

  it('finds the codes the sources raise (the scan reads them)', () => {
    expect(raised.size).toBeGreaterThan(30);
    for (const code of ['not_found', 'invalid_api_key', 'duplicate_transaction', 'invalid_lifecycle', 'rate_limit_exceeded', 'invalid_address'])
      expect(raised.has(code)).toBe(true);
  });

  it.each([...raisedCodes().entries()].map(([code, files]) => [code, files[0]!]))('%s (raised in %s) is mapped', (code) => {
    expect(ERROR_CODES).toContain(code);
    expect(DOMAIN_ERRORS[code as ErrorCode]).toBeDefined();
  });

  it('maps every declared code too, each to an error status', () => {
    for (const code of ERROR_CODES) {
      const { status } = avataxError(ours(code));
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect([400, 401, 403, 404, 405, 429, 500, 503]).toContain(status);
    }
  });
});

describe('AvaTax codes and numbers', () => {
  it('are the official client’s ErrorCodeId', () => {
    for (const [code, number] of Object.entries(AVATAX_ERROR_NUMBERS)) expect(ErrorCodeId[code as keyof typeof ErrorCodeId], code).toBe(number);
    for (const code of Object.values(DETAIL_ERRORS)) expect(AVATAX_ERROR_NUMBERS[code]).toBeDefined();
  });

  it('make a body the official client’s strict deserializer reads', () => {
    const { body } = avataxError(ours('duplicate_transaction', 'A transaction with this code already exists.'), {
      helpLink: (c) => `https://example.test/avatax#${c}`,
    });
    const result = new JsonConvert(undefined, undefined, undefined, PropertyMatchingRule.CASE_INSENSITIVE).deserializeObject(
      JSON.parse(JSON.stringify(body)),
      ErrorResult,
    );
    expect(result.error?.code).toBe(ErrorCodeId.GetTaxError);
    expect(result.error?.details?.[1]?.refersTo).toBe('DocStatus');
    expect(result.error?.details?.[0]?.helpLink).toBe('https://example.test/avatax#GetTaxError');
  });
});

describe('the cases connectors key on', () => {
  it('unknown entities are 404 EntityNotFoundError 4', () => {
    expect(answer(ours('not_found'))).toEqual({ status: 404, code: 'EntityNotFoundError', target: 'HttpRequest', numbers: [4] });
    expect(answer(ours('transaction_not_found'))).toMatchObject({ status: 404, code: 'EntityNotFoundError' });
  });

  it('credentials are 401 at the request headers, with severity Exception', () => {
    const { status, body } = avataxError(ours('invalid_api_key', 'The API key is not valid.'));
    expect(status).toBe(401);
    expect(body).toEqual({
      error: {
        code: 'AuthenticationException',
        message: 'The API key is not valid.',
        target: 'HttpRequestHeaders',
        details: [
          {
            code: 'AuthenticationException',
            number: 30,
            message: 'The API key is not valid.',
            description: 'The credentials could not be validated. (invalid_api_key)',
            faultCode: 'Client',
            severity: 'Exception',
          },
        ],
      },
    });
    expect(answer(ours('missing_api_key'))).toMatchObject({ status: 401, code: 'AuthenticationIncomplete', numbers: [34] });
  });

  it('permissions are 403: a scope PermissionRequired 49, the rest AuthorizationException 31', () => {
    expect(answer(ours('insufficient_scope'))).toMatchObject({ status: 403, code: 'PermissionRequired', numbers: [49] });
    expect(answer(ours('location_not_authorized'))).toMatchObject({ status: 403, code: 'AuthorizationException', numbers: [31] });
    expect(answer(ours('module_not_enabled'))).toMatchObject({ status: 403, code: 'SubscriptionRequired', numbers: [600] });
  });

  it('throttling is 429 RateLimitExceeded with its retry interval', () => {
    const error = avataxError(ours('rate_limit_exceeded', 'Slow down.', undefined, 7));
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 7, body: { error: { code: 'RateLimitExceeded', details: [{ number: 4011 }] } } });
  });

  it('validation details name AvaTax’s codes: required, length, JSON, a missing body', () => {
    const error = validationError([
      { code: 'missing', target: 'lines.0.amount', message: 'This field is required.' },
      { code: 'string_too_long', target: 'code', message: 'Must be at most 50 characters long.' },
      { code: 'json_invalid', target: 'body', message: 'The request body is not valid JSON.' },
      { code: 'enum', target: 'query.documentType', message: 'Must be one of …' },
    ]);
    const { status, body } = avataxError(error, { targetOf: (t) => t.replace(/^lines\.(\d+)/, 'lines[$1]') });
    expect(status).toBe(400);
    expect(body.error.code).toBe('ValueRequiredError');
    expect(body.error.details.map((d) => [d.code, d.number, d.refersTo])).toEqual([
      ['ValueRequiredError', 5, 'lines[0].amount'],
      ['StringLengthError', 13, 'code'],
      ['JsonFormatError', 47, undefined],
      ['InvalidEnumValue', 164, 'query.documentType'],
    ]);
    expect(answer(validationError([{ code: 'missing', target: 'body', message: 'A body.' }]))).toMatchObject({ code: 'ModelRequiredException', numbers: [38] });
    expect(answer(validationError([{ code: 'enum', target: 'query.$include', message: 'x' }]))).toMatchObject({ target: 'HttpRequest' });
  });

  it('addresses: InvalidAddress 309, a ZIP that is none or of another state InvalidPostalCode 317, no address MissingAddress 304', () => {
    const engine = (message: string) => ours('invalid_address', message, [{ code: 'invalid_address', target: 'ship_to.zip', message }]);
    expect(answer(engine('Only US addresses are supported.'))).toMatchObject({ status: 400, code: 'InvalidAddress', numbers: [309] });
    expect(answer(engine('The ZIP code is not a 5-digit ZIP or ZIP+4.'))).toMatchObject({ code: 'InvalidPostalCode', numbers: [317] });
    const wrongState = avataxError(engine('The ZIP code does not belong to the state.'));
    expect(wrongState.body.error.details[0]).toMatchObject({ code: 'InvalidPostalCode', faultSubCode: 'InvalidZipForStateError' });
    expect(answer(ours('invalid_address', 'x', [{ code: 'missing_address', target: 'lines[0].addresses', message: 'x' }]))).toMatchObject({
      code: 'MissingAddress',
      numbers: [304],
    });
  });

  it('a committed code created again is GetTaxError 300 with the DocStatus detail', () => {
    const { status, body } = avataxError(ours('duplicate_transaction', 'A transaction with this code already exists for the account and environment.'));
    expect(status).toBe(400);
    expect(body.error.code).toBe('GetTaxError');
    expect(body.error.details).toEqual([
      expect.objectContaining({ code: 'GetTaxError', number: 300, faultSubCode: 'DocStatusError' }),
      expect.objectContaining({
        code: 'GetTaxError',
        number: 300,
        message: 'DocStatus is invalid for this operation.',
        description: 'Expected Saved|Posted',
        refersTo: 'DocStatus',
        faultCode: 'GetTaxError',
      }),
    ]);
  });

  it('lifecycle refusals by operation: already cancelled 198, final 1100, not committed 313, not a sale 702', () => {
    const lifecycle = (message: string) => ours('invalid_lifecycle', message);
    expect(answer(lifecycle('A voided transaction cannot be voided.'), { operation: 'void' })).toMatchObject({
      code: 'TransactionAlreadyCancelled',
      numbers: [198],
    });
    expect(answer(lifecycle('A voided transaction cannot be voided.'))).toMatchObject({ code: 'TransactionAlreadyCancelled' });
    expect(answer(lifecycle('A transaction with refunds or credits cannot be voided.'), { operation: 'void' })).toMatchObject({
      code: 'CannotModifyLockedTransaction',
      numbers: [1100],
    });
    expect(answer(lifecycle('Committed documents are final.'), { operation: 'uncommit' })).toMatchObject({ code: 'CannotModifyLockedTransaction' });
    expect(answer(lifecycle('Only committed documents can be locked.'), { operation: 'lock', documentStatus: 'Temporary' })).toMatchObject({
      code: 'DocumentNotCommitted',
      numbers: [313],
    });
    expect(answer(lifecycle('A refund document cannot be refunded.'), { operation: 'refund', documentType: 'ReturnInvoice' })).toMatchObject({
      code: 'InvalidDocumentTypeForRefund',
      numbers: [702],
    });
    expect(answer(lifecycle('A adjusted transaction cannot be refunded.'), { operation: 'refund', documentType: 'SalesInvoice' })).toMatchObject({
      code: 'InvalidDocumentStatus',
      numbers: [1314],
    });
    expect(answer(lifecycle('x'))).toMatchObject({ status: 400 });
  });

  it('refund rules are 701–709', () => {
    const refusal = (body: unknown) => {
      try {
        refundRequestOf(body);
      } catch (error) {
        return answer(error as DomainError, { operation: 'refund' });
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ refundDate: '2026-04-01', refundType: 'TaxOnly', refundPercentage: 10 })).toMatchObject({
      code: 'RefundPercentageForTaxOnly',
      numbers: [706],
    });
    expect(refusal({ refundDate: '2026-04-01', refundType: 'Partial' })).toMatchObject({ code: 'RefundLinesRequired', numbers: [704] });
    expect(refusal({ refundDate: '2026-04-01', refundType: 'Full', refundLines: ['1'] })).toMatchObject({ code: 'RefundTypeAndLineMismatch', numbers: [703] });
    expect(refusal({ refundDate: '2026-04-01', refundType: 'Percentage' })).toMatchObject({ code: 'RefundPercentageMissing', numbers: [709] });
    expect(refusal({ refundDate: '2026-04-01', refundType: 3, refundPercentage: 120 })).toMatchObject({ code: 'RefundPercentageOutOfRange', numbers: [708] });
    expect(refusal({ refundDate: '2026-04-01', refundType: 'Full', refundPercentage: 50 })).toMatchObject({
      code: 'RefundTypeAndPercentageMismatch',
      numbers: [701],
    });
    expect(refusal({ refundDate: '2026-04-01', refundType: 'Everything' })).toMatchObject({ code: 'InvalidEnumValue' });
    expect(refusal({ refundType: 'Full' })).toMatchObject({ code: 'ValueRequiredError', numbers: [5] });
    const absentLine = ours('invalid_request', 'x', [
      { code: 'invalid_request', target: 'lines.0.number', message: 'The original transaction has no line with this number.' },
    ]);
    expect(answer(absentLine, { operation: 'refund' })).toMatchObject({ code: 'LineNoOutOfRange', numbers: [707] });
    expect(answer(ours('refund_exceeds_refundable'), { operation: 'refund', refundType: 'Percentage' })).toMatchObject({ code: 'RefundPercentageOutOfRange' });
  });

  it('certificates are CertificatesError 1203; the service’s own failures 500/503 and say nothing of the cause', () => {
    expect(answer(ours('exemption_certificate_not_found'))).toMatchObject({ status: 400, code: 'CertificatesError', numbers: [1203] });
    expect(answer(ours('certificate_not_active'))).toMatchObject({ code: 'CertificatesError' });
    const internal = avataxError(ours('internal_error', 'TypeError: x is undefined at store.ts:12', [{ code: 'x', target: 'y', message: 'stack' }]));
    expect(internal.status).toBe(500);
    expect(JSON.stringify(internal.body)).not.toMatch(/TypeError|store\.ts|stack/);
    expect(internal.body.error).toMatchObject({ code: 'InternalServerError', target: 'AvaTaxApiServer', details: [{ number: 209, faultCode: 'Server' }] });
    expect(avataxError(ours('service_unavailable', 'Retry.', undefined, 1))).toMatchObject({
      status: 503,
      retryAfterSeconds: 1,
      body: { error: { code: 'ServiceNotReady' } },
    });
  });

  it('an idempotent request still in progress is RequestAlreadyInProgress; one reused with another body DuplicateEntry', () => {
    expect(answer(ours('idempotency_conflict', 'In progress.', undefined, 1))).toMatchObject({ code: 'RequestAlreadyInProgress', numbers: [4030] });
    expect(answer(ours('idempotency_conflict'))).toMatchObject({ code: 'DuplicateEntry', numbers: [193] });
  });

  it('void reasons are read by name or number, and a void without one is refused as AvaTax refuses it', () => {
    expect(voidReasonOf({ code: 'DocVoided' })).toBe('DocVoided');
    expect(voidReasonOf({ Code: 'docdeleted' })).toBe('DocDeleted');
    expect(voidReasonOf({ code: 3 })).toBe('DocVoided');
    expect(voidReasonOf({ code: 0 })).toBe('Unspecified');
    let error: unknown;
    try {
      voidReasonOf({});
    } catch (e) {
      error = e;
    }
    expect(answer(error as DomainError)).toMatchObject({ code: 'ValueRequiredError', numbers: [5] });
  });
});
