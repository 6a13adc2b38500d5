// The writer thread's entry: TypeScript through tsx's loader, then write-worker.ts. A worker
// thread does not inherit the loader its parent registered, whoever started the parent.
import { register } from "tsx/esm/api";

register();
await import("./write-worker.ts");
