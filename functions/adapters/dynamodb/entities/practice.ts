// A practice's profile (a provider serving client accounts through engagements), in the practice's
// partition (where the listing entries of its keys are too).
import * as v from 'valibot';
import type { PracticeRecord } from '../../../core/access/records';
import { parseItem } from '../item-schema';
import { RateLimitsAttribute } from './account';
import type { ItemKey } from './keys';

const PracticeItem = v.object({
  name: v.string(),
  status: v.picklist(['active', 'inactive']),
  engagements: v.array(
    v.object({ id: v.number(), ref: v.string(), clientAccountId: v.string(), status: v.picklist(['usable', 'paused', 'offboarded', 'unavailable']) }),
  ),
  rateLimits: RateLimitsAttribute,
});

export const practiceEntity = {
  key: (practiceId: string): ItemKey => ({ PK: `PRACTICE#${practiceId}`, SK: 'PROFILE' }),

  item: (practice: PracticeRecord): Record<string, unknown> => ({
    ...practiceEntity.key(practice.id),
    entity: 'practice',
    name: practice.name,
    status: practice.status,
    engagements: practice.engagements.map((e) => ({ ...e })),
    rateLimits: practice.rateLimits,
  }),

  read(practiceId: string, item: unknown): PracticeRecord {
    const p = parseItem(PracticeItem, item, 'practice');
    return { id: practiceId, name: p.name, status: p.status, engagements: p.engagements, rateLimits: p.rateLimits };
  },
};
