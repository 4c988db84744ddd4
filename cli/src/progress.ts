// Progress on a terminal (a bar: items finished of all, failures, ETA) or plain lines when the
// output is not a TTY (cron, CI logs): at most one line every few seconds, and one per event.
import { MultiBar } from 'cli-progress';

export interface Progress {
  update(counts: { submitted: number; finished: number; failed: number }): void;
  log(line: string): void;
  stop(): void;
}

export function progress(total: number, tty: boolean): Progress {
  if (tty) {
    // A MultiBar of one: it can print log lines above the bar.
    const bars = new MultiBar({ format: 'items {bar} {value}/{total} | submitted {submitted} | failed {failed} | ETA {eta_formatted}', hideCursor: true });
    const bar = bars.create(total, 0, { submitted: 0, failed: 0 });
    return {
      update: (c) => bar.update(c.finished, { submitted: c.submitted, failed: c.failed }),
      log: (line) => bars.log(`${line}\n`),
      stop: () => bars.stop(),
    };
  }
  const started = Date.now();
  let last = 0;
  return {
    update: (c) => {
      if (Date.now() - last < 5000 && c.finished < total) return;
      last = Date.now();
      const elapsed = (Date.now() - started) / 1000;
      const eta = c.finished > 0 ? Math.round((elapsed / c.finished) * (total - c.finished)) : null;
      console.log(`items ${c.finished}/${total} finished, ${c.submitted} submitted, ${c.failed} failed${eta === null ? '' : `, ETA ${eta}s`}`);
    },
    log: (line) => console.log(line),
    stop: () => undefined,
  };
}
