// The members of a ZIP archive (PKWARE APPNOTE: end-of-central-directory record, central directory,
// local headers; stored or deflated members), enough for the archives publishers ship one table
// in (Streamlined's <ST>R…zip, Washington's Rates_<YY>Q<q>.zip). node:zlib inflates.
import { inflateRawSync } from 'node:zlib';
import { FormatError } from './format-error';

export interface ZipMember {
  readonly name: string;
  readonly data: Buffer;
}

export const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

export function readZip(bytes: Buffer, file: string): ZipMember[] {
  const fail = (detail: string): never => {
    throw new FormatError(file, 0, 'zip archive', detail);
  };
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) fail('no end-of-central-directory record');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const members: ZipMember[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) fail(`central directory entry ${n + 1} is damaged`);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;
    if (name.endsWith('/')) continue;
    if (bytes.readUInt32LE(local) !== 0x04034b50) fail(`${name}: local header is damaged`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + compressed);
    if (method === 0) members.push({ name, data: Buffer.from(raw) });
    else if (method === 8) members.push({ name, data: inflateRawSync(raw) });
    else fail(`${name}: compression method ${method} is not read (stored or deflated only)`);
  }
  return members;
}
