/** Errors a user can act on: one line, an exit code, no stack trace unless --verbose. */

export const EXIT = { ok: 0, failed: 1, usage: 2, notFound: 3 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
    /** Extra JSON to print under --json (e.g. the candidates of an ambiguous title). */
    readonly json?: unknown,
  ) {
    super(message);
  }
}
