#!/usr/bin/env node
// The `lineage` bin: runs the TypeScript CLI through tsx's loader.
import { register } from "tsx/esm/api";

register();
process.env.LINEAGE_CLI = "1";
await import("./lineage.ts");
