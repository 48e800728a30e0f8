import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Images for the avatar tests, made on the fly: real ones, and the hostile kinds ruling 10 refuses. */

export const smallPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF (camera, copyright, GPS-like comment) that must not survive re-encoding. */
export const jpegWithExif = (marker: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: marker, Make: 'TestCam', ImageDescription: marker } })
    .jpeg()
    .toBuffer();

/** Random pixels barely compress: about 3 MB of PNG. */
export const bigPng = () =>
  sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A decompression bomb: a valid 1-bit PNG of 30000x30000 black pixels, about 100 KB on disk, 900 Mpx decoded. */
export function pngBomb(side = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  const row = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(row * side); // filter byte 0 and black pixels on every row
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG signature and header followed by an HTML page: a polyglot that sniffs as PNG. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const real = await smallPng();
  return Buffer.concat([real.subarray(0, 33), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
}

export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
