/**
 * Read transactions for a reader (the explorer's server). Every statement outside a transaction
 * opens and closes its own read transaction, and in WAL mode that costs half a dozen system calls
 * (locks on the shared-memory index, checks of the file): more than the query itself for a paper
 * view on a machine where a system call costs microseconds. `run` gives each call one snapshot;
 * with `holdMs` the snapshot is kept open for the calls that follow, for up to that long, so a
 * busy server takes the locks once per interval instead of once per request. Answers then lag a
 * concurrent write by at most `holdMs` (the server's citation index lags it for longer: it is
 * loaded once), and a writer in this process calls `release` to read its own writes at once.
 * A held snapshot also holds back WAL checkpoints for at most `holdMs` at a time.
 */
import type Database from "better-sqlite3";

export class ReadSnapshots {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  /** The transaction this class opened and keeps open, if any. */
  private held = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database.Database,
    private readonly holdMs = 0,
  ) {
    this.begin = db.prepare("BEGIN");
    this.commit = db.prepare("COMMIT");
    this.rollback = db.prepare("ROLLBACK");
  }

  /** Runs `read` in one read transaction (joining one already open on this connection). */
  run<T>(read: () => T): T {
    if (this.db.inTransaction) return this.held ? this.inHeld(read) : read();
    this.begin.run();
    if (this.holdMs > 0) {
      this.held = true;
      this.timer = setTimeout(() => this.expire(), this.holdMs);
      this.timer.unref();
      return this.inHeld(read);
    }
    let result: T;
    try {
      result = read();
    } catch (err) {
      if (this.db.inTransaction) this.rollback.run();
      throw err;
    }
    this.commit.run();
    return result;
  }

  /** Ends a held snapshot: the next read sees every write committed until now. */
  release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.held) return;
    this.held = false;
    if (this.db.inTransaction && this.db.open) this.commit.run();
  }

  /**
   * The hold's end, from its timer. A database damaged or removed under the reader fails the
   * commit: that must not throw out of a timer (it would stop the process); the next read
   * reports the damage to its caller instead.
   */
  private expire(): void {
    try {
      this.release();
    } catch {
      try {
        if (this.db.open && this.db.inTransaction) this.rollback.run();
      } catch {
        // Nothing more to do here: the connection's next statement fails and says why.
      }
    }
  }

  private inHeld<T>(read: () => T): T {
    try {
      return read();
    } catch (err) {
      // An error inside SQLite may have ended the transaction: the next call starts afresh.
      if (!this.db.inTransaction) this.release();
      throw err;
    }
  }
}
