import { deflateSync } from 'node:zlib';
import { mergeChunks, uploadChunk, uploadFile } from '@instalment/contract/api';
import { blob, PNG_BYTES, refusal, signUp, startServer, type TestClient, type TestServer } from '../../helpers';

/**
 * Image bombs (issue 36): a 389 KB PNG declaring 20000 × 20000 pixels was accepted as a proof,
 * and the console drew it. An image is judged by the size its header declares, before anything
 * decodes it, however it arrives.
 */
let server: TestServer;
let user: TestClient;
beforeAll(async () => {
  server = await startServer();
  user = await signUp(server);
});
afterAll(() => server.close());

const CRC_TABLE = Array.from({ length: 256 }, (_unused, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG that declares `width` × `height` (8-bit greyscale), its pixel data a few compressed rows of zeros. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(Math.min(height, 64) * (width + 1)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame of `width` × `height`. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

/** An extended WebP (VP8X) declaring `width` × `height`. */
function webp(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(18);
  chunk.write('VP8X', 0, 'latin1');
  chunk.writeUInt32LE(10, 4);
  chunk.writeUIntLE(width - 1, 12, 3);
  chunk.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + chunk.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, chunk]);
}

const BOMB = 'The picture is 20000 × 20000 pixels; a picture may have at most 40 megapixels.';

test.each([
  ['a PNG', png(20_000, 20_000), 'receipt.png'],
  ['a JPEG', jpeg(20_000, 20_000), 'receipt.jpg'],
  ['a WebP', webp(20_000, 20_000), 'receipt.webp'],
])('%s declaring 20000 × 20000 pixels is refused before anything decodes it', async (_kind, bytes, name) => {
  expect((await refusal(uploadFile(user.http, blob(bytes), name))).message).toBe(BOMB);
});

test('the refusal is in the uploader’s language', async () => {
  const inChinese = server.client('zh-CN');
  inChinese.token = user.token;
  expect((await refusal(uploadFile(inChinese.http, blob(png(20_000, 20_000)), 'receipt.png'))).message).toBe(
    '图片为 20000 × 20000 像素，最多 40 百万像素。',
  );
});

test('a bomb sent in chunks is refused when they are merged', async () => {
  const bytes = png(20_000, 20_000);
  const half = Math.ceil(bytes.length / 2);
  const chunkid = `bomb-${Date.now()}`;
  for (const [chunkindex, part] of [bytes.subarray(0, half), bytes.subarray(half)].entries()) {
    await uploadChunk(user.http, { chunkid, chunkindex, chunkcount: 2, filename: 'receipt.png' }, blob(part));
  }
  expect((await refusal(mergeChunks(user.http, { chunkid, filename: 'receipt.png', chunkcount: 2 }))).message).toBe(BOMB);
});

test('a header too short to declare a size is refused', async () => {
  const signatureOnly = png(1, 1).subarray(0, 12);
  expect((await refusal(uploadFile(user.http, blob(signatureOnly), 'receipt.png'))).message).toBe(
    "The picture's size could not be read. Upload a JPG, PNG or WebP photo.",
  );
});

test.each([
  ['a 1 × 1 PNG', PNG_BYTES, 'receipt.png'],
  ['a phone photo’s size (4000 × 3000)', png(4000, 3000), 'photo.png'],
  ['a JPEG of 4032 × 3024', jpeg(4032, 3024), 'photo.jpg'],
  ['a WebP of 1920 × 1080', webp(1920, 1080), 'photo.webp'],
])('%s is accepted', async (_kind, bytes, name) => {
  expect((await uploadFile(user.http, blob(bytes), name)).url).toMatch(/^\/uploads\//);
});
