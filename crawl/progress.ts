/**
 * Crawl progress for people: a one-line bar redrawn in place on a terminal, plain lines
 * otherwise (logs, pipes). No dependency: a bar is a dozen characters.
 */
import type { CrawlProgress } from "./crawler.ts";

export interface ProgressSink {
  isTTY: boolean;
  columns?: number;
  write: (text: string) => void;
}

export function progressLine(e: CrawlProgress): string {
  const what = e.state === "fetched" ? `fetched${e.via && e.via !== "network" ? ` (${e.via})` : ""}` : e.state;
  return `[${e.done}/${e.total}] ${what} ${e.url}${e.reason ? `: ${e.reason}` : ""}`;
}

export function progressBar(e: CrawlProgress, columns = 80): string {
  const width = 20;
  const filled = e.total > 0 ? Math.round((e.done / e.total) * width) : 0;
  const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${e.done}/${e.total} `;
  const room = Math.max(10, columns - bar.length - 1);
  const url = e.url.length > room ? `…${e.url.slice(-(room - 1))}` : e.url;
  return bar + url;
}

/** A progress callback writing to the sink; call `end()` once the crawl is over. */
export function progressReporter(sink: ProgressSink): { onProgress: (e: CrawlProgress) => void; end: () => void } {
  let drawn = false;
  return {
    onProgress: (e) => {
      if (!sink.isTTY) {
        sink.write(progressLine(e) + "\n");
        return;
      }
      if (e.state === "failed") sink.write(`\r\x1b[K${progressLine(e)}\n`);
      sink.write(`\r\x1b[K${progressBar(e, sink.columns)}`);
      drawn = true;
    },
    end: () => {
      if (drawn) sink.write("\r\x1b[K");
    },
  };
}
