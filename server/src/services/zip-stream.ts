import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of an archive. Images and PDFs are compressed already: `compress` is for text. */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  compress: boolean;
}

/**
 * A zip archive of `entries`, written as it is read: the next entry is asked for only when the
 * reader has taken what came before, so an archive of many receipts never sits whole in memory.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipped(entries));
}

async function* zipped(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  for await (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    zip.add(file);
    file.push(entry.bytes, true);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* ready.splice(0);
}
