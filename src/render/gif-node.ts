/**
 * Animated GIF writing with gifenc: each frame gets its own 256-colour palette
 * (quantize → applyPalette → writeFrame), looping forever. Node-only only because the CLI is
 * its one user; gifenc itself is plain JavaScript.
 */
import * as gifencModule from 'gifenc';

// gifenc ships CommonJS (Node sees only a default export) and an ES module (bundlers see named
// exports): take the functions from whichever shape was loaded.
const gifenc: typeof gifencModule.default =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : gifencModule.default;

/** Every k-th pixel of a large frame (k = 1 below 64k pixels): the palette from a quarter of the pixels is as good and 4× faster. */
function paletteSample(rgba: Uint8Array | Uint8ClampedArray): Uint8Array | Uint8ClampedArray {
  const n = rgba.length >> 2;
  const k = n > 65536 ? 4 : 1;
  if (k === 1) return rgba;
  const out = new Uint8ClampedArray(Math.ceil(n / k) * 4);
  for (let i = 0, j = 0; i < n; i += k, j += 4) {
    out[j] = rgba[4 * i]!;
    out[j + 1] = rgba[4 * i + 1]!;
    out[j + 2] = rgba[4 * i + 2]!;
    out[j + 3] = rgba[4 * i + 3]!;
  }
  return out;
}

export class GifWriter {
  private readonly encoder = gifenc.GIFEncoder();
  private count = 0;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Adds a frame of RGBA bytes shown for `delayMs` milliseconds (GIF stores centiseconds). */
  addFrame(rgba: Uint8Array | Uint8ClampedArray, delayMs: number): void {
    if (rgba.length !== this.width * this.height * 4) {
      throw new RangeError(`gif frame: expected ${this.width * this.height * 4} bytes, got ${rgba.length}`);
    }
    const palette = gifenc.quantize(paletteSample(rgba), 256);
    const index = gifenc.applyPalette(rgba, palette);
    this.encoder.writeFrame(index, this.width, this.height, {
      palette,
      delay: delayMs,
      ...(this.count === 0 ? { repeat: 0 } : {}),
    });
    this.count++;
  }

  get frames(): number {
    return this.count;
  }

  /** Ends the stream and returns the file's bytes. */
  finish(): Uint8Array {
    this.encoder.finish();
    return this.encoder.bytes();
  }
}
