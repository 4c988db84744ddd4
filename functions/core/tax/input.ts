// TEMPORARY (replaced by the engine branch): the engine's input types.
export type { DocumentInput, LineInput } from '../../schemas/document';
export type { AddressInput } from '../../schemas/address';
