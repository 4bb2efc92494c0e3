/** Test helper: walks a GIF file's blocks (GIF89a spec) and reports its frames. */
export interface GifInfo {
  width: number;
  height: number;
  frames: { delayCs: number; width: number; height: number; palette: number[][] }[];
  loops: boolean;
}

export function parseGif(bytes: Uint8Array): GifInfo {
  const sig = String.fromCharCode(...bytes.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') throw new Error(`not a GIF: ${sig}`);
  const u16 = (i: number) => bytes[i]! | (bytes[i + 1]! << 8);
  const width = u16(6);
  const height = u16(8);
  let p = 13;
  const flags = bytes[10]!;
  let global: number[][] = [];
  const readTable = (size: number) => {
    const t: number[][] = [];
    for (let i = 0; i < size; i++) t.push([bytes[p + 3 * i]!, bytes[p + 3 * i + 1]!, bytes[p + 3 * i + 2]!]);
    p += 3 * size;
    return t;
  };
  if (flags & 0x80) global = readTable(2 << (flags & 7));
  const skipSubBlocks = () => {
    while (bytes[p] !== 0) {
      if (p >= bytes.length) throw new Error('truncated GIF');
      p += bytes[p]! + 1;
    }
    p++;
  };
  const frames: GifInfo['frames'] = [];
  let delay = 0;
  let loops = false;
  for (;;) {
    const b = bytes[p++];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = bytes[p++];
      if (label === 0xf9) delay = u16(p + 2);
      if (label === 0xff && String.fromCharCode(...bytes.subarray(p + 1, p + 12)) === 'NETSCAPE2.0')
        loops = true;
      skipSubBlocks();
    } else if (b === 0x2c) {
      const w = u16(p + 4);
      const h = u16(p + 6);
      const f = bytes[p + 8]!;
      p += 9;
      const palette = f & 0x80 ? readTable(2 << (f & 7)) : global;
      p++; // LZW minimum code size
      skipSubBlocks();
      frames.push({ delayCs: delay, width: w, height: h, palette });
    } else {
      throw new Error(`unexpected GIF block 0x${(b ?? 0).toString(16)} at ${p - 1}`);
    }
  }
  return { width, height, frames, loops };
}
