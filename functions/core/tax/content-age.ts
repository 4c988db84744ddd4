// How current the content is for a document's date: a state's rates are those of its newest
// version (data/README.md, "8. Rate versions"); a document dated more than one quarter after that
// version's date may meet rates that changed since, and says so with content_older_than_date,
// naming the version's date and sources. accuracy_policy: deterministic refuses it (phases/precision.ts).
// Pure: the date is the document's, never a clock.
import type { RatesAge, TaxContent } from '../content/tax-content';
import type { ErrorDetail } from '../errors';
import { detail } from './refusals';
import type { Message } from './types';

/** A state whose rates are older than the document by more than a quarter, and the first destination in it. */
export interface StaleState {
  readonly state: string;
  readonly target: string;
  readonly age: RatesAge;
}

const NONE: readonly StaleState[] = [];

/**
 * The states the document's taxed lines ship to whose newest rate version lies more than one
 * quarter before `date`, in order of first use. Lines without nexus are not taxed by any rate, and
 * a state without sales tax (no state or local tax) has no rate to grow old.
 */
export function staleStates(
  lines: readonly { readonly plan: { readonly state: string; readonly nexus: boolean }; readonly dest: { readonly target: string } }[],
  date: string,
  content: TaxContent,
): readonly StaleState[] {
  let out: StaleState[] | undefined;
  let lastState = '';
  for (const { plan, dest } of lines) {
    // Most documents ship every line to one state: asked once.
    if (!plan.nexus || plan.state === lastState) continue;
    lastState = plan.state;
    const age = content.ratesAge(plan.state);
    if (age === undefined || date <= age.currentUntil || out?.some((s) => s.state === plan.state)) continue;
    const facts = content.stateFacts(plan.state);
    if (!facts.salesTax && !facts.localTax) continue;
    (out ??= []).push({ state: plan.state, target: dest.target, age });
  }
  return out ?? NONE;
}

const sourceText = (age: RatesAge): string => age.sources.map((s) => `${s.publisher}, ${s.table}, ${s.date}`).join('; ');

/** Per state's age, the text for the last date asked (documents of one day ask the same again and again). */
const texts = new WeakMap<RatesAge, { date: string; text: string }>();

export function staleMessage(s: StaleState, date: string, content: TaxContent): Message {
  let held = texts.get(s.age);
  if (held?.date !== date) {
    held = {
      date,
      text:
        `The rates of ${content.stateFacts(s.state).name} are those of content version ${s.age.version} (in force from ${s.age.from}; sources: ${sourceText(s.age)}), ` +
        `more than one quarter before the document date ${date}: rates that changed since are not in them.`,
    };
    texts.set(s.age, held);
  }
  return { code: 'content_older_than_date', severity: 'warning', message: held.text, target: s.target };
}

export function staleDetail(s: StaleState, date: string): ErrorDetail {
  return detail(
    'accuracy_requirement_not_met',
    s.target,
    `The content's rates for ${s.state} are of ${s.age.from} (version ${s.age.version}), more than one quarter before the document date ${date}; a deterministic answer needs rates current on that date.`,
  );
}
