// The values of AvaTax request bodies as AvaTax's server reads JSON, and as the core's tolerant
// readers (functions/core/avatax/input.ts) accept them: text may come as a number, a number as a
// string of digits, a flag as true/false in any case or 1/0.
import * as v from 'valibot';
import { DECIMAL } from '../core/avatax/input';
import { described } from './common';

const FLAG_TEXT = /^\s*(true|false|1|0)\s*$/i;

export const textValue = () => v.union([v.string(), v.number()]);
export const decimalValue = () => v.union([v.number(), v.pipe(v.string(), v.regex(DECIMAL))]);
export const flagValue = () => v.union([v.boolean(), v.picklist([0, 1]), v.pipe(v.string(), v.regex(FLAG_TEXT))]);

export const optionalText = (what: string) => v.optional(described(textValue(), what));
export const optionalDecimal = (what: string) => v.optional(described(decimalValue(), what));
export const optionalFlag = (what: string) => v.optional(described(flagValue(), what));
