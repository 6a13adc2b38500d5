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
];
