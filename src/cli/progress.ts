/**
 * A progress bar (cli-progress) for long work, on stderr and only on a terminal. It appears
 * only once the work has taken more than a second, so quick runs print nothing extra.
 */
import cliProgress from 'cli-progress';
import type { OutStream } from './context.js';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(stream: OutStream, label: string): Progress {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const start = Date.now();
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(done, total) {
      if (!bar) {
        if (Date.now() - start < 1000) return;
        bar = new cliProgress.SingleBar(
          {
            stream: stream as NodeJS.WritableStream,
            format: `${label} [{bar}] {percentage}% | {value}/{total} | eta {eta_formatted}`,
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      }
      bar.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}
