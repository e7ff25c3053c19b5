/**
 * Cache schema 11: the pages a full sync has stored inside a window it has not finished yet (issue 26: a kill -9 at
 * any point resumes without re-reading more than one window). A window's row in `sync_window` commits only once all
 * its pages have; until then a resumed run knew nothing of them and fetched the whole window again. Each page of a
 * window's first pass now leaves a row here once it has committed: the query it answered (the window, page size and
 * index) and what the window logic read from it (totalCount, each listed order's ID and createTime). A resumed run
 * hands a window it asks for again the pages recorded for exactly that query instead of fetching them
 * (windowSync.ts), and verifies the window as always: by the IDs known against the count. The rows of a window go
 * when it is recorded finished, the run's when it ends. IF NOT EXISTS: tests rewind a file by its version alone.
 */
export const V11_DESCRIPTION = 'the pages a full sync stored in windows it has not finished, so a resume skips them';

export const V11_SQL = `
CREATE TABLE IF NOT EXISTS sync_page (
  run_id     INTEGER NOT NULL REFERENCES sync_run (id) ON DELETE CASCADE,
  lo_ms      INTEGER,                     -- the window's inclusive creation lower bound; NULL = unbounded
  hi_ms      INTEGER NOT NULL,            -- its inclusive creation upper bound
  page_size  INTEGER NOT NULL,
  page_index INTEGER NOT NULL,
  total      INTEGER NOT NULL,            -- the answer's totalCount
  listed     TEXT NOT NULL                -- JSON [[id, createTime], ...]: the answer's orders, in its order
);
CREATE INDEX IF NOT EXISTS sync_page_by_window ON sync_page (run_id, hi_ms);
`;
