/**
 * Bytes to text, defensively: everything scraped is hostile input. Rejects empty, oversized and
 * binary files with one line saying why; decodes UTF-8 (with or without BOM), UTF-16 with BOM,
 * and falls back to Windows-1252 for legacy text that is not valid UTF-8.
 */
import type { Refusal } from "../vocabulary/paper-page.ts";

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Why bytes are refused before any format is tried (see `Refusal` in types.ts). */
export type DecodeRefusal = Extract<Refusal, "too-large" | "empty" | "binary">;

export type DecodeResult = { ok: true; text: string; encoding: string } | { ok: false; refusal: DecodeRefusal; reason: string };

const MAGIC: [string, number[]][] = [
  ["PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["JPEG image", [0xff, 0xd8, 0xff]],
  ["GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["PDF document", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["ZIP archive", [0x50, 0x4b, 0x03, 0x04]],
  ["gzip data", [0x1f, 0x8b]],
  ["WebP/RIFF data", [0x52, 0x49, 0x46, 0x46]],
  ["SQLite database", [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.length <= bytes.length && magic.every((b, i) => bytes[i] === b);
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${n} bytes`;
}

/** Share of control characters (other than tab, newline, CR, form feed) in a sample. */
function controlShare(bytes: Uint8Array): { nul: boolean; share: number } {
  const n = Math.min(bytes.length, 8192);
  let control = 0;
  let nul = false;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0) nul = true;
    if (b < 0x20 && b !== 9 && b !== 10 && b !== 13 && b !== 12) control++;
  }
  return { nul, share: n === 0 ? 0 : control / n };
}

export function decodePage(bytes: Uint8Array, maxBytes = DEFAULT_MAX_BYTES): DecodeResult {
  if (bytes.length > maxBytes) {
    return { ok: false, refusal: "too-large", reason: `file is ${formatBytes(bytes.length)}, over the ${formatBytes(maxBytes)} limit (--max-bytes)` };
  }
  if (bytes.length === 0) return { ok: false, refusal: "empty", reason: "empty file" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return finish(new TextDecoder("utf-16le").decode(bytes.subarray(2)), "utf-16le");
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return finish(new TextDecoder("utf-16be").decode(bytes.subarray(2)), "utf-16be");
  for (const [kind, magic] of MAGIC) {
    if (startsWith(bytes, magic)) return { ok: false, refusal: "binary", reason: `binary file (${kind}), not a page` };
  }
  const { nul, share } = controlShare(bytes);
  if (nul || share > 0.05) return { ok: false, refusal: "binary", reason: "binary file (control bytes), not a page" };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return finish(new TextDecoder("utf-8", { fatal: true }).decode(body), "utf-8");
  } catch {
    return finish(decodeWindows1252(body), "windows-1252");
  }
}

function finish(text: string, encoding: string): DecodeResult {
  if (text.trim() === "") return { ok: false, refusal: "empty", reason: "empty file (only whitespace)" };
  return { ok: true, text, encoding };
}

/**
 * Windows-1252 by hand: Node's TextDecoder treats the label as Latin-1 and leaves 0x80-0x9F as
 * C1 controls, losing curly quotes, dashes and the euro sign.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...chunk).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
  }
  return out;
}
