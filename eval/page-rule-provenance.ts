/**
 * Which of the readers' fixed rules were written from which site's pages, for the honest part of
 * the leave-one-site-out report (eval/pages-loso.ts): every page of the development corpus was in
 * view when the rules of issue 16 were written, so a fixed rule cannot be held out, only named.
 * Per site (host) of the development corpus: the site adapter written for its layout, if its
 * pages are read by one (ingest/adapters/sites/), and the golden layouts (test/fixtures/pages/)
 * written to reproduce its pages' structure with invented text, as their names and structure say.
 * The general capture reader's rules (ingest/adapters/capture/) were written with all of them in
 * view, and those of issue 26 from the further pages of eval/page-corpus.ts `extraCorpora`.
 */

/** Site adapters by the format they read as (a format not here is general: the capture reader, importers). */
const SITE_ADAPTERS: Readonly<Record<string, string>> = {
  "arxiv-abs": "arXiv abstract pages",
  "arxiv-html": "arXiv HTML, ar5iv and arXiv Vanity renderings",
  "acl-anthology": "ACL Anthology pages",
  openreview: "OpenReview forums",
  "semantic-scholar": "Semantic Scholar pages",
  "paper-hub": "Papers with Code, its clones and Hugging Face papers",
  "poster-page": "conference virtual-site poster pages",
  "markdown-note": "Markdown notes (Obsidian, theses, benchmark cards, READMEs)",
  "endnote-record": "EndNote records",
};

/** Golden layouts by the host of the development corpus they reproduce. */
const GOLDEN_LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  "aclanthology.org": ["acl-anthology-text-current", "acl-anthology-text-cut-doi", "acl-endnote-one-line"],
  "aclweb.org": ["acl-anthology-text-legacy"],
  "airisk.mit.edu": ["blog-post-text-apa-citation"],
  "ar5iv.labs.arxiv.org": ["ar5iv-text-affiliations"],
  "arxiv-vanity.com": ["arxiv-vanity-text-template-dates"],
  "arxiv.deeppaper.ai": ["topic-listing-refused"],
  "arxiv.org": ["arxiv-abs-text-banner-revised", "arxiv-abs-text-2025-glued-abstract", "arxiv-abs-text-truncated-authors", "arxiv-html-text-watermark"],
  "arxivlens.com": ["mirror-detail-text-paper-id", "pdf-viewer-text-author-lines"],
  "ai.updf.com": ["paper-card-text-author-placeholder"],
  "bibbase.org": ["catalogue-entry-text"],
  "blog.astrobot.tech": ["blog-text-boxed-panel"],
  "citegraph.io": ["metadata-table-text-flattened"],
  "docslib.org": ["pdf-text-running-header"],
  "elliot-digital.co.uk": ["blog-summary-text-short-citation"],
  "emergentmind.com": ["emergent-mind-paper-text"],
  "gh.doourdo.com": ["github-readme-text-bibtex"],
  "git.shiptheloop.com": ["git-viewer-json-text"],
  "github.com": ["markdown-note-benchmark-card", "markdown-note-thesis"],
  "hf.xwall.us.kg": ["hf-papers-text"],
  "notes.yuuk.io": ["markdown-note-obsidian-flattened"],
  "paperdigest.org": ["certificate-text-semicolon-authors"],
  "paperswithcode.com": ["paperswithcode-text", "paperswithcode-text-review"],
  "pith.science": ["machine-review-text"],
  "scholar.archive.org": ["scholar-archive-text"],
  "scholargraph.app": ["openalex-compact-card-text"],
  "scilynk.com": ["openalex-card-text"],
  "semanticscholar.org": ["semantic-scholar-text-lists", "semantic-scholar-text-tldr"],
  "sotaverified.org": ["pwc-clone-text-glued-date"],
  "x-mol.com": ["journal-article-text-glued-doi"],
};

/** What was written for this site: its adapter (by the formats its pages were read as) and its golden layouts. */
export function writtenFor(host: string, formats: readonly string[]): string {
  const adapters = [...new Set(formats.map((f) => SITE_ADAPTERS[f]).filter((a): a is string => a !== undefined))];
  const layouts = GOLDEN_LAYOUTS[host] ?? [];
  const parts = [...(adapters.length > 0 ? [`site adapter for ${adapters.join(", ")}`] : []), ...(layouts.length > 0 ? [`golden ${layouts.join(", ")}`] : [])];
  return parts.length > 0 ? parts.join("; ") : "general rules only";
}
