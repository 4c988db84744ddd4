// Activation as a change: the activated certificate and the event it emits, written together.
import type { Principal } from '../access/authorize';
import { type EventDraft, eventDraft } from '../events/catalogue';
import { type ActivationRequest, activate, type Certificate, certificateView } from './certificate';

export function activation(
  certificate: Certificate,
  request: ActivationRequest,
  principal: Principal,
  today: string,
  at: string,
): { readonly certificate: Certificate; readonly events: readonly EventDraft[] } {
  const active = activate(certificate, request, principal, today, at);
  return { certificate: active, events: [eventDraft('certificate.activated', at, certificateView(active, today))] };
}
