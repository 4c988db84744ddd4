// Strings that name a line's position (`lines.3`, `lines.3.ship_to`) or give its default number
// (`4`), built once per position: formatting a number is a measurable part of a line's cost, and
// these are asked for on every line of every document.
const lineTargets: string[] = [];
const shipToTargets: string[] = [];
const lineNumbers: string[] = [];

/** `lines.<index>`. */
export const lineTarget = (index: number): string => (lineTargets[index] ??= `lines.${index}`);

/** `lines.<index>.ship_to`. */
export const lineShipToTarget = (index: number): string => (shipToTargets[index] ??= `lines.${index}.ship_to`);

/** A line's number when it names none: its 1-based position. */
export const defaultLineNumber = (index: number): string => (lineNumbers[index] ??= String(index + 1));
