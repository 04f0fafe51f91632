import type { ProofFileType } from '@instalment/contract/validation';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * An image's width and height as its header declares them, read before anything decodes it: a
 * few hundred kilobytes can declare 20000 × 20000 pixels, which every viewer then allocates.
 * Null when the header cannot be read.
 */
export function declaredSize(data: Buffer, type: Exclude<ProofFileType, 'pdf'>): PixelSize | null {
  try {
    if (type === 'png') return pngSize(data);
    if (type === 'jpg') return jpegSize(data);
    return webpSize(data);
  } catch {
    // A header cut short reads past the end of the buffer.
    return null;
  }
}

/** The IHDR chunk comes first, right after the 8-byte signature. */
function pngSize(data: Buffer): PixelSize | null {
  if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Start-of-frame markers: SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const START_OF_SCAN = 0xda;
/** Markers without a length: TEM and RST0-RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Walks the segments after SOI to the first start of frame, which holds the size. */
function jpegSize(data: Buffer): PixelSize | null {
  let offset = 2;
  while (offset < data.length) {
    if (data[offset] !== 0xff) return null;
    while (data[offset] === 0xff) offset += 1;
    const marker = data.readUInt8(offset);
    offset += 1;
    if (START_OF_FRAME.has(marker)) return { height: data.readUInt16BE(offset + 3), width: data.readUInt16BE(offset + 5) };
    if (marker === START_OF_SCAN) return null;
    if (!standalone(marker)) offset += data.readUInt16BE(offset);
  }
  return null;
}

/** The first chunk after `RIFF····WEBP`: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(data: Buffer): PixelSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  return null;
}
