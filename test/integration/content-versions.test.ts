// Effective-dated content over HTTP: GET /rates?date= and calculations name the version in force
// on their date, and a holiday line is exempt inside its window (openapi LineReason holiday_exempt).
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, V1 } from '../support/http';

describe('content versions over HTTP', () => {
  it('GET /rates shows the version of the date asked for', async () => {
    const dec = await api('GET', `${V1}/rates?zip=98101&state=WA&date=2025-12-15`, { key: KEYS.admin });
    const jan = await api('GET', `${V1}/rates?zip=98101&state=WA&date=2026-01-15`, { key: KEYS.admin });
    const mar = await api('GET', `${V1}/rates?zip=98101&state=WA&date=2026-03-15`, { key: KEYS.admin });
    // The 2026-04-01 version restates only GA, MN and WI (their Streamlined files): Seattle keeps March's rate.
    const apr = await api('GET', `${V1}/rates?zip=98101&state=WA&date=2026-04-15`, { key: KEYS.admin });
    expect(dec.status).toBe(200);
    expect(dec.body).toMatchObject({ content_version: '2025-12-01', date: '2025-12-15' });
    // Washington changes local rates only on a quarter's first day: January already has March's rate.
    expect(jan.body).toMatchObject({ content_version: '2026-01-01', rate: mar.body.rate });
    expect(mar.body).toMatchObject({ content_version: '2026-03-01' });
    expect(apr.body).toMatchObject({ content_version: '2026-04-01', rate: mar.body.rate });
    expect(dec.body.rate).not.toBe(mar.body.rate);
  });

  it('a calculation dated in the older window uses it; a holiday line is holiday_exempt', async () => {
    const calc = (date: string, lines: unknown[]) =>
      api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { date, ship_to: { state: 'TX', zip: '77002' }, lines } });
    const old = await calc('2025-12-20', [{ amount: 100 }]);
    expect(old.body.content_version).toBe('2025-12-01');
    const holiday = await calc('2026-08-08', [{ amount: 50, tax_code: '20010' }]);
    expect(holiday.status).toBe(200);
    expect(holiday.body.lines[0]).toMatchObject({ reason: 'holiday_exempt', tax: 0 });
    expect(holiday.body.messages).toContainEqual(expect.objectContaining({ code: 'holiday_exempt' }));
  });
});
