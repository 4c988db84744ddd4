// The marker of a usage-journal chunk that was counted: one item in a partition of its own
// (`APPLIED#<marker>`), which no usage Query's key range meets and the export's filter leaves out.
// Its Put must find no marker, so a chunk delivered again counts nothing; it expires after
// MARKER_TTL_DAYS, well beyond the six hours Lambda retries an asynchronous invocation.
export const MARKER_TTL_DAYS = 30;

export const usageMarkerEntity = {
  key: (marker: string) => ({ PK: `APPLIED#${marker}`, SK: 'APPLIED' }),

  /** The Put of a chunk's marker, refused when the chunk was counted already. */
  put: (table: string, marker: string, nowMs: number) => ({
    Put: {
      TableName: table,
      Item: { ...usageMarkerEntity.key(marker), ttl: Math.floor(nowMs / 1000) + MARKER_TTL_DAYS * 86_400 },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }),
};
