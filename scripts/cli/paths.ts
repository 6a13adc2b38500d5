/** Where the repository's own files are, wherever the command was run from. */
import { resolve } from "node:path";

export const ROOT_DIR = resolve(import.meta.dirname, "../..");
export const DEFAULT_PAGES_DIR = resolve(ROOT_DIR, "data/pages");
