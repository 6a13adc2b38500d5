/**
 * The schema of a Lineage database, as numbered migrations applied in order and recorded in
 * `PRAGMA user_version`. Pages and their mentions are what users fed in (the source of truth);
 * papers, edges and merge decisions are derived from them by identity resolution and rebuilt
 * whenever the pages change.
 */

export const MIGRATIONS: readonly string[] = [
  // 1: pages, mentions, and the derived graph.
  `
  CREATE TABLE pages (
    id            INTEGER PRIMARY KEY,
    source        TEXT NOT NULL UNIQUE,          -- file path or URL
    content_hash  TEXT NOT NULL,                 -- sha256 of the bytes
    format        TEXT NOT NULL,
    encoding      TEXT NOT NULL,
    byte_size     INTEGER NOT NULL,
    data_through  TEXT,                          -- ISO date the page's figures run through
    ingested_at   TEXT NOT NULL,
    facts_json    TEXT NOT NULL,                 -- PageFacts: reported figures, directions, editorial fields
    related_json  TEXT NOT NULL,                 -- recommendations (never citations)
    warnings_json TEXT NOT NULL
  );

  CREATE TABLE mentions (
    id              INTEGER PRIMARY KEY,
    page_id         INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role IN ('self', 'builds_on', 'built_by')),
    position        INTEGER NOT NULL,
    title           TEXT,
    norm_title      TEXT,
    year            INTEGER,
    arxiv           TEXT,
    doi             TEXT,
    acl             TEXT,
    openreview      TEXT,
    s2              TEXT,
    url             TEXT,
    cited_by_count  INTEGER,
    abstract        TEXT,
    title_inferred  INTEGER NOT NULL DEFAULT 0,
    authors_json    TEXT,
    venue           TEXT,
    date            TEXT,
    categories_json TEXT
  );
  CREATE INDEX mentions_page ON mentions(page_id);

  CREATE TABLE papers (
    id              TEXT PRIMARY KEY,
    title           TEXT,
    norm_title      TEXT,
    year            INTEGER,
    arxiv_id        TEXT,
    doi             TEXT,
    acl_id          TEXT,
    openreview_id   TEXT,
    s2_id           TEXT,
    abstract        TEXT,
    title_inferred  INTEGER NOT NULL DEFAULT 0,
    stub            INTEGER NOT NULL,            -- 1: known only from other pages' lists
    venue           TEXT,
    date            TEXT,
    authors_json    TEXT NOT NULL DEFAULT '[]',
    directions_json TEXT NOT NULL DEFAULT '[]',
    cited_by_count  INTEGER,
    field_sources_json TEXT NOT NULL DEFAULT '{}' -- field name -> page id that asserted it
  );
  CREATE INDEX papers_arxiv ON papers(arxiv_id);
  CREATE INDEX papers_doi ON papers(doi);
  CREATE INDEX papers_acl ON papers(acl_id);
  CREATE INDEX papers_norm_title ON papers(norm_title);

  CREATE TABLE paper_mentions (
    mention_id INTEGER PRIMARY KEY REFERENCES mentions(id) ON DELETE CASCADE,
    paper_id   TEXT NOT NULL REFERENCES papers(id) ON DELETE CASCADE
  );
  CREATE INDEX paper_mentions_paper ON paper_mentions(paper_id);

  -- Which pages assert an edge is derived from their mentions (PaperQueries.edgeAssertions),
  -- not stored a second time.
  CREATE TABLE edges (
    citing TEXT NOT NULL REFERENCES papers(id) ON DELETE CASCADE,   -- builds on
    cited  TEXT NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
    PRIMARY KEY (citing, cited)
  ) WITHOUT ROWID;
  CREATE INDEX edges_cited ON edges(cited, citing);


  CREATE TABLE merge_log (
    id        INTEGER PRIMARY KEY,
    paper_a   TEXT NOT NULL,
    paper_b   TEXT NOT NULL,
    decision  TEXT NOT NULL CHECK (decision IN ('merged', 'kept-apart')),
    rule      TEXT NOT NULL,
    detail    TEXT NOT NULL,
    mention_a INTEGER NOT NULL,
    mention_b INTEGER NOT NULL
  );
  CREATE INDEX merge_log_a ON merge_log(paper_a);
  CREATE INDEX merge_log_b ON merge_log(paper_b);

  CREATE TABLE graph_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // 2: stored drawing positions and communities for one graph version (graph_meta 'layout_version'),
  // so the explorer never waits for a layout.
  `
  CREATE TABLE layout (
    paper_id  TEXT PRIMARY KEY,                  -- not a foreign key: kept across rebuilds, matched by id
    x         REAL NOT NULL,
    y         REAL NOT NULL,
    community INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 3: the crawler's fetch cache (raw responses content-addressed) and resumable frontier.
  `
  CREATE TABLE blobs (
    hash  TEXT PRIMARY KEY,                      -- sha256 of the body
    size  INTEGER NOT NULL,
    body  BLOB NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE fetches (
    url           TEXT PRIMARY KEY,
    final_url     TEXT,
    status        INTEGER,
    content_type  TEXT,
    etag          TEXT,
    last_modified TEXT,
    body_hash     TEXT REFERENCES blobs(hash),
    fetched_at    TEXT NOT NULL,
    error         TEXT
  );

  CREATE TABLE crawls (
    id           INTEGER PRIMARY KEY,
    seeds_json   TEXT NOT NULL,
    options_json TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    finished_at  TEXT
  );

  CREATE TABLE crawl_frontier (
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    url      TEXT NOT NULL,
    depth    INTEGER NOT NULL,
    state    TEXT NOT NULL CHECK (state IN ('queued', 'fetched', 'failed', 'skipped')),
    reason   TEXT,
    seq      INTEGER NOT NULL,                   -- breadth-first order
    PRIMARY KEY (crawl_id, url)
  );
  CREATE INDEX crawl_frontier_queue ON crawl_frontier(crawl_id, state, seq);
  `,
  // 4: named reading lists; items keep a reference and a title snapshot, since paper ids can
  // change when a title-only paper is later identified.
  `
  CREATE TABLE reading_lists (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    spec_json   TEXT NOT NULL DEFAULT '{}',      -- how it was generated (seeds, direction, limit)
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
  );

  CREATE TABLE reading_list_items (
    list_id   INTEGER NOT NULL REFERENCES reading_lists(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    paper_ref TEXT NOT NULL,                     -- an identifier (arXiv, DOI, ACL) or the paper id
    title     TEXT,
    reason    TEXT NOT NULL DEFAULT '',
    note      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (list_id, paper_ref)
  ) WITHOUT ROWID;
  CREATE INDEX reading_list_items_order ON reading_list_items(list_id, position);
  `,
  // 5: what a structured source says about one citation (Semantic Scholar's isInfluential and
  // intents), kept on the list mention that asserts the edge (issue 5).
  `
  ALTER TABLE mentions ADD COLUMN attributes_json TEXT;
  `,
  // 6: the traversal index of one graph version (graph/citation-index.ts: paper ids in index
  // order, both directions as compressed sparse rows), stored by \`lineage serve\` like the layout,
  // so that a server over millions of citations starts in seconds (issue 6). Derived, disposable.
  `
  CREATE TABLE graph_index (
    part    TEXT PRIMARY KEY,                    -- 'ids', 'buildsOn.offsets', 'buildsOn.targets', ...
    version TEXT NOT NULL,                       -- the graph_meta 'version' it was built from
    body    BLOB NOT NULL
  );
  `,
  // 7: growing the map from the scholarly APIs (issue 19). An expansion (`lineage expand`, `add`)
  // keeps its frontier here, one row per paper asked of the API, so that a run killed mid-way
  // resumes where it stopped and a repeated run asks for the same papers again; a watched list
  // keeps its last check and what that check found citing it, each finding new, added or dismissed.
  // Watch state is keyed by the list's name, not its row: saving a list replaces the row.
  `
  CREATE TABLE expansions (
    id           INTEGER PRIMARY KEY,
    source       TEXT NOT NULL CHECK (source IN ('s2', 'openalex')),
    seeds_json   TEXT NOT NULL,                  -- the API IDs asked for, in order
    options_json TEXT NOT NULL,                  -- what shapes the frontier (depth, --max-papers)
    started_at   TEXT NOT NULL,
    ranked_at    TEXT,                           -- when depth 2 chose its neighbours
    finished_at  TEXT
  );

  CREATE TABLE expansion_papers (
    expansion_id INTEGER NOT NULL REFERENCES expansions(id) ON DELETE CASCADE,
    api_id       TEXT NOT NULL,                  -- as asked of the API: a paperId, DOI:…, W…
    level        INTEGER NOT NULL,               -- 0: a paper asked for; 1: a neighbour chosen at depth 2
    state        TEXT NOT NULL CHECK (state IN ('queued', 'fetched', 'failed', 'skipped')),
    reason       TEXT,
    seq          INTEGER NOT NULL,
    page_source  TEXT,                           -- the page it was stored as
    PRIMARY KEY (expansion_id, api_id)
  );
  CREATE INDEX expansion_papers_queue ON expansion_papers(expansion_id, state, seq);

  CREATE TABLE watch_checks (
    list_name        TEXT PRIMARY KEY,
    source           TEXT NOT NULL,
    checked_at       TEXT NOT NULL,
    previous_at      TEXT,                       -- the check before it
    papers_checked   INTEGER NOT NULL,
    problems_json    TEXT NOT NULL DEFAULT '[]'  -- list papers that could not be checked, and why
  );

  CREATE TABLE watch_findings (
    list_name     TEXT NOT NULL,
    source        TEXT NOT NULL,
    api_id        TEXT NOT NULL,                 -- the citing paper at the source
    title         TEXT,
    year          INTEGER,
    date          TEXT,
    ids_json      TEXT NOT NULL,                 -- its identifiers (doi, arxiv, acl, s2)
    cites_json    TEXT NOT NULL,                 -- the list's papers it cites: [{ ref, title, intents, isInfluential }]
    state         TEXT NOT NULL CHECK (state IN ('new', 'added', 'dismissed')),
    first_seen_at TEXT NOT NULL,
    last_seen_at  TEXT NOT NULL,
    PRIMARY KEY (list_name, source, api_id)
  ) WITHOUT ROWID;
  `,
  // 8: the researcher's own library (issue 27). Each item of a reference manager's library
  // (Zotero) that the map holds is stored as a page (`zotero:ITEMKEY`), and here with where the
  // researcher filed it: its collections (with each collection's parent and path) and tags, and the
  // last import of the library. Keyed by the page's source, so membership survives every rebuild:
  // the paper an item is, is found through its page's own mention.
  `
  CREATE TABLE library_items (
    library     TEXT NOT NULL,                   -- 'zotero'
    item_key    TEXT NOT NULL,
    page_source TEXT NOT NULL,                   -- pages.source of the item's page
    tags_json   TEXT NOT NULL DEFAULT '[]',
    date_added  TEXT,
    PRIMARY KEY (library, item_key)
  ) WITHOUT ROWID;
  CREATE INDEX library_items_page ON library_items(page_source);

  CREATE TABLE library_collections (
    library    TEXT NOT NULL,
    key        TEXT NOT NULL,
    name       TEXT NOT NULL,
    parent_key TEXT,
    path_json  TEXT NOT NULL,                    -- names from the root: ["Evaluation", "Benchmarks"]
    PRIMARY KEY (library, key)
  ) WITHOUT ROWID;

  CREATE TABLE library_collection_items (
    library        TEXT NOT NULL,
    collection_key TEXT NOT NULL,
    item_key       TEXT NOT NULL,
    PRIMARY KEY (library, collection_key, item_key)
  ) WITHOUT ROWID;
  CREATE INDEX library_collection_items_item ON library_collection_items(library, item_key);

  CREATE TABLE library_imports (
    library     TEXT PRIMARY KEY,
    origin      TEXT NOT NULL,                   -- the file read, or the local API's URL
    read_as     TEXT NOT NULL,                   -- 'copy' (of the file, with its log) or 'local-api'
    modified_at TEXT,                            -- the file's modification time, when a file was read
    imported_at TEXT NOT NULL,
    items       INTEGER NOT NULL,
    collections INTEGER NOT NULL
  );
  `,
  // 9: search (issue 24). What a record calls its paper besides its title (a BibTeX key, its
  // shorttitle, a `% source:` comment), kept on the page's own mention; and the search index, one
  // row per paper, rebuilt with the graph in the same transaction (db/search-index.ts): its words
  // (FTS5, Porter-stemmed), the other names it was learnt to go by, each with where it was learnt,
  // the words of the collection with their trigrams for queries with typos, and per paper the
  // figures ranking weighs (citations in the map, the count its pages report).
  // A paper's reported citation count also keeps who reported it and when (cited_by_report), so
  // that every view can say "N citations reported by SOURCE (date)", never a bare "citations".
  `
  ALTER TABLE mentions ADD COLUMN names_json TEXT;
  ALTER TABLE papers ADD COLUMN cited_by_report TEXT;   -- {"by": "Semantic Scholar", "through": "2026-10-14", "read": "2026-10-20"}

  CREATE VIRTUAL TABLE search_text USING fts5(
    title, names, terms, authors, venue, ids,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );

  CREATE TABLE search_docs (
    rowid         INTEGER PRIMARY KEY,           -- the paper's row in search_text
    paper_id      TEXT NOT NULL,
    year          INTEGER,
    cited_in_map  INTEGER NOT NULL,              -- papers in this map citing it
    reported      INTEGER,                       -- the count its pages report, null when none does
    prior         REAL NOT NULL                  -- its importance, as ranking weighs it
  );
  CREATE INDEX search_docs_paper ON search_docs(paper_id);

  CREATE TABLE search_aliases (
    paper_id TEXT NOT NULL,
    alias    TEXT NOT NULL,                      -- as shown ("Penn Treebank", "MERT")
    key      TEXT NOT NULL,                      -- compact form matched ("penntreebank")
    kind     TEXT NOT NULL,                      -- title-name, acronym, abstract-name, citation-key, key-name, short-title, task-name
    exact    INTEGER NOT NULL,                   -- 1: a name, matched whole; 0: a word form (an acronym)
    titles   INTEGER,                            -- a title's own name: titles holding it as a phrase
    source   TEXT NOT NULL                       -- where it was learnt
  );
  CREATE INDEX search_aliases_key ON search_aliases(key);
  CREATE INDEX search_aliases_paper ON search_aliases(paper_id);

  CREATE TABLE search_words (
    word TEXT PRIMARY KEY,                       -- folded, unstemmed
    docs INTEGER NOT NULL                        -- papers holding it
  ) WITHOUT ROWID;
  CREATE VIRTUAL TABLE search_word_grams USING fts5(word, tokenize = 'trigram');
  `,
  // 10: each paper's identity keys (db/identity-keys.ts: its mentions' identifiers, titles and
  // names), derived with the graph, so that a batch finds the papers its mentions can change
  // without reading every mention (db/graph-increment.ts). Filled by the first batch written
  // after it (graph_meta 'derivation' says whether it and the derived tables may be built on).
  `
  CREATE TABLE paper_keys (
    key      INTEGER NOT NULL,                   -- a hash of the key's text (db/identity-keys.ts keyHash)
    paper_id TEXT NOT NULL,
    PRIMARY KEY (key, paper_id)
  ) WITHOUT ROWID;
  CREATE INDEX paper_keys_paper ON paper_keys(paper_id);
  `,
];
