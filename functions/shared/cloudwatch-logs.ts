// The payload of a CloudWatch Logs subscription's event: `awslogs.data` is base64 of gzipped JSON.
// The usage-log worker reads it; the local runner's tail (lib/local/journal-tailer.ts logsEvent)
// writes the same shape.
import { gunzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';

export const decodeLogsEvent = (event: CloudWatchLogsEvent): CloudWatchLogsDecodedData =>
  JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8')) as CloudWatchLogsDecodedData;
