/**
 * Responses written together: the answers computed from one turn of the event loop's I/O are
 * sent back to back once that turn is over (in `setImmediate`), not each as soon as it is ready.
 *
 * Why: every write to a socket whose reader is asleep wakes that reader, and on a virtual machine
 * waking a process on another core is costly (an inter-processor interrupt). Written one at a
 * time between computations, nearly every answer paid that wake-up; written together, the first
 * one wakes the client and the rest find it awake. It saves about a third of the server's CPU per
 * request at 64 connections (BENCHMARKS.md, "What the server keeps and why").
 *
 * What it costs: an answer waits for the others computed in the same turn, so at most `cap`
 * answers' worth of work; a lone request is sent at the end of its own turn, as before.
 */
import type { ServerResponse } from "node:http";

export class ResponseBatch {
  private readonly held: Array<[ServerResponse, string | Buffer | undefined, BufferEncoding]> = [];

  /** `cap`: the most answers held; reaching it sends them all at once. */
  constructor(private readonly cap = 64) {}

  /**
   * `res.end(body, encoding)`, once this turn's other answers are ready too. The head must already
   * be set. `encoding` is that of a string body ("latin1" writes an ASCII string as it is).
   */
  end(res: ServerResponse, body: string | Buffer | undefined, encoding: BufferEncoding = "utf8"): void {
    this.held.push([res, body, encoding]);
    if (this.held.length === 1) setImmediate(() => this.flush());
    else if (this.held.length >= this.cap) this.flush();
  }

  private flush(): void {
    const held = this.held.splice(0);
    for (const [res, body, encoding] of held) {
      try {
        res.end(body, encoding);
      } catch {
        res.destroy();
      }
    }
  }
}
