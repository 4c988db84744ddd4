// Size and retention constants of the service, as GET /config publishes them.
export const SERVICE_LIMITS = {
  batch_max_items: 500,
  return_job_max_items: 5000,
  batch_retention_days: 30,
  idempotency_retention_hours: 24,
  max_lines_per_document: 1000,
} as const;
