/**
 * Every page format the detector can pick, listed once for the tests that must cover them all
 * (the golden pages, the adapter table). The type check keeps the list in step with
 * `PageAdapterFormat`: a format added there and not here fails to compile.
 */
import type { PageAdapterFormat } from "../../vocabulary/paper-page.ts";

const FORMATS: Record<PageAdapterFormat, true> = {
  "markdown-page": true,
  "text-page": true,
  "html-page": true,
  editorial: true,
  "scholarly-html": true,
  "bare-abstract": true,
  "page-capture": true,
  "arxiv-abs": true,
  "arxiv-html": true,
  "acl-anthology": true,
  openreview: true,
  "semantic-scholar": true,
  "paper-hub": true,
  "poster-page": true,
  "markdown-note": true,
  "endnote-record": true,
};

export const PAGE_ADAPTER_FORMATS = Object.keys(FORMATS) as PageAdapterFormat[];
