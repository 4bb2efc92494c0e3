/**
 * PNG encoder and decoder (the impulse lab toolbox's `write_png`), browser-safe and
 * dependency-free. The zlib stream is written with stored (uncompressed) deflate blocks unless a
 * `deflate` function is supplied (Node's `zlib.deflateSync`, a browser CompressionStream, ...);
 * likewise the decoder reads stored blocks itself and takes an `inflate` function for
 * compressed files. Only 8-bit greyscale / grey+alpha / RGB / RGBA, non-interlaced.
 */
import { PhysicsError } from '../core/errors.js';

/** Options of the PNG encoder: colour type and compressor. */
export interface PngEncodeOptions {
  /** 'rgb' (colour type 2, the default) or 'rgba' (colour type 6) */
  color?: 'rgb' | 'rgba';
  /** a zlib (RFC 1950) compressor; default: stored blocks */
  deflate?: (raw: Uint8Array) => Uint8Array;
}

/** Options of the PNG decoder: the decompressor for compressed files. */
export interface PngDecodeOptions {
  /** a zlib (RFC 1950) decompressor; needed for compressed files */
  inflate?: (zlib: Uint8Array) => Uint8Array;
}

/** A decoded PNG image: its size and RGBA pixels. */
export interface DecodedPng {
  /** width, px */
  width: number;
  /** height, px */
  height: number;
  /** RGBA, row-major from the top-left pixel */
  data: Uint8ClampedArray;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309 / PNG chunk checksum). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]!) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A zlib stream made of stored deflate blocks (no compression, always valid). */
export function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535));
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let b = 0; b < blocks; b++) {
    const start = b * 65535;
    const len = Math.min(65535, raw.length - start);
    out[o++] = b === blocks - 1 ? 1 : 0;
    out[o++] = len & 0xff;
    out[o++] = len >>> 8;
    out[o++] = ~len & 0xff;
    out[o++] = (~len >>> 8) & 0xff;
    out.set(raw.subarray(start, start + len), o);
    o += len;
  }
  const ad = adler32(raw);
  out[o++] = ad >>> 24;
  out[o++] = (ad >>> 16) & 0xff;
  out[o++] = (ad >>> 8) & 0xff;
  out[o++] = ad & 0xff;
  return out;
}

/** Reads a zlib stream made only of stored blocks; returns undefined if it uses compression. */
function unzlibStored(z: Uint8Array): Uint8Array | undefined {
  if (z.length < 6 || (z[0]! & 0x0f) !== 8) return undefined;
  const parts: Uint8Array[] = [];
  let o = 2;
  let total = 0;
  for (;;) {
    if (o >= z.length) return undefined;
    const header = z[o]!;
    if ((header >> 1) & 3) return undefined; // Huffman-coded block
    const len = z[o + 1]! | (z[o + 2]! << 8);
    o += 5;
    if (o + len > z.length) return undefined;
    parts.push(z.subarray(o, o + len));
    total += len;
    o += len;
    if (header & 1) break;
  }
  const out = new Uint8Array(total);
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}

function writeU32(out: Uint8Array, at: number, v: number): void {
  out[at] = v >>> 24;
  out[at + 1] = (v >>> 16) & 0xff;
  out[at + 2] = (v >>> 8) & 0xff;
  out[at + 3] = v & 0xff;
}

function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  writeU32(out, 0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  writeU32(out, 8 + body.length, crc32(out, 4, 8 + body.length));
  return out;
}

/** Encodes RGBA pixels (row-major from the top-left) as a non-interlaced 8-bit PNG. */
export function encodePNG(
  width: number,
  height: number,
  rgba: ArrayLike<number>,
  options: PngEncodeOptions = {},
): Uint8Array {
  if (rgba.length !== width * height * 4) {
    throw new PhysicsError(
      'invalid-argument',
      `encodePNG.rgba: expected ${width * height * 4} bytes for ${width}×${height}, got ${rgba.length}`,
    );
  }
  const alpha = options.color === 'rgba';
  const channels = alpha ? 4 : 3;
  const stride = width * channels + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    raw[o++] = 0; // filter type None
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      raw[o++] = rgba[i]!;
      raw[o++] = rgba[i + 1]!;
      raw[o++] = rgba[i + 2]!;
      if (alpha) raw[o++] = rgba[i + 3]!;
    }
  }
  const ihdr = new Uint8Array(13);
  writeU32(ihdr, 0, width);
  writeU32(ihdr, 4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = alpha ? 6 : 2; // colour type
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', (options.deflate ?? zlibStored)(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit non-interlaced PNG to RGBA; checks signature and every chunk's CRC. */
export function decodePNG(bytes: Uint8Array, options: PngDecodeOptions = {}): DecodedPng {
  const fail = (what: string): never => {
    throw new PhysicsError('invalid-argument', `decodePNG: ${what}`);
  };
  for (let i = 0; i < 8; i++) if (bytes[i] !== SIGNATURE[i]) fail('not a PNG file (bad signature)');
  let o = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (o + 12 <= bytes.length) {
    const len = readU32(bytes, o);
    const type = String.fromCharCode(bytes[o + 4]!, bytes[o + 5]!, bytes[o + 6]!, bytes[o + 7]!);
    if (o + 12 + len > bytes.length) fail(`chunk ${type} runs past the end of the file`);
    if (crc32(bytes, o + 4, o + 8 + len) !== readU32(bytes, o + 8 + len)) fail(`chunk ${type}: bad CRC`);
    const body = bytes.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = readU32(body, 0);
      height = readU32(body, 4);
      if (body[8] !== 8) fail(`bit depth ${body[8]} is not supported (only 8)`);
      colorType = body[9]!;
      if (![0, 2, 4, 6].includes(colorType)) fail(`colour type ${colorType} is not supported`);
      if (body[12] !== 0) fail('interlaced images are not supported');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    o += 12 + len;
  }
  if (colorType < 0) fail('missing IHDR');
  if (!ended) fail('missing IEND');
  const zlen = idat.reduce((s, p) => s + p.length, 0);
  const z = new Uint8Array(zlen);
  let p = 0;
  for (const part of idat) {
    z.set(part, p);
    p += part.length;
  }
  const raw =
    unzlibStored(z) ??
    (options.inflate ? options.inflate(z) : fail('compressed image data needs an inflate function'));
  const channels = colorType === 0 ? 1 : colorType === 4 ? 2 : colorType === 2 ? 3 : 4;
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) fail('image data is too short');
  const pix = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i]!;
      const a = i >= channels ? pix[row + i - channels]! : 0;
      const b = y > 0 ? pix[row - stride + i]! : 0;
      const c = y > 0 && i >= channels ? pix[row - stride + i - channels]! : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) v = x + paeth(a, b, c);
      else return fail(`row ${y}: unknown filter type ${filter}`);
      pix[row + i] = v & 0xff;
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    if (channels <= 2) {
      data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = pix[s]!;
      data[4 * i + 3] = channels === 2 ? pix[s + 1]! : 255;
    } else {
      data[4 * i] = pix[s]!;
      data[4 * i + 1] = pix[s + 1]!;
      data[4 * i + 2] = pix[s + 2]!;
      data[4 * i + 3] = channels === 4 ? pix[s + 3]! : 255;
    }
  }
  return { width, height, data };
}
