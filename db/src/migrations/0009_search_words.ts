/**
 * The search vocabulary: every distinct word of post titles, commands and tags, with the number of
 * posts that contain it. Frozen once released.
 *
 * A typo used to be matched by trigrams against every post's title and command (a `<%` branch over
 * posts), which rechecks thousands of heap rows for a common misspelling. The vocabulary is a few
 * thousand short rows whatever the number of posts, so a misspelt word is corrected here, through its
 * own trigram index, and the corrected words go into one full-text query over `posts.search`.
 *
 * Words are the lexemes of the `simple` text search configuration, which is how the search splits a
 * query too: lower case, option dashes dropped (`-R` → `r`, `--recursive` → `recursive`), paths kept
 * whole (`/var/log`), `2>&1` → `2` and `1`, `docker-compose` → itself plus `docker` and `compose`.
 *
 * Kept by triggers, like counters.post_ranks: per statement with transition tables for inserts and
 * deletes (a bulk load counts each word once per statement, not once per row), per row for updates,
 * since PostgreSQL allows no transition tables on a trigger limited to columns, and limited to the
 * three columns the words come from, so votes and views never fire it. Every statement adds its
 * counts in word order, so two statements that touch the same words lock them in the same order.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  // IMMUTABLE is honest: the configuration is named, and bashboard_tags_text (0001) is immutable.
  sql`CREATE FUNCTION bashboard_post_words(title text, command text, tags text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT tsvector_to_array(
      to_tsvector('simple'::regconfig, title)
      || to_tsvector('simple'::regconfig, command)
      || to_tsvector('simple'::regconfig, bashboard_tags_text(tags))
    ) $$`,
  // No CHECK on doc_count: a removal is an upsert of a negative count (a CHECK would refuse the
  // proposed negative row before ON CONFLICT applies), and rows that reach 0 are deleted right after.
  sql`CREATE TABLE search_words (
    word text PRIMARY KEY,
    doc_count integer NOT NULL
  )`,

  // Every change goes through this: counts per word are summed, applied in word order, and words whose
  // count reaches 0 are deleted.
  sql.raw(`CREATE FUNCTION bashboard_search_words_add(words text[], deltas integer[])
  RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    gone text[];
  BEGIN
    WITH counted AS (
      SELECT w, sum(d)::int AS n FROM unnest(words, deltas) AS c(w, d) GROUP BY w HAVING sum(d) <> 0
    ), changed AS (
      INSERT INTO search_words AS s (word, doc_count) SELECT w, n FROM counted ORDER BY w
      ON CONFLICT (word) DO UPDATE SET doc_count = s.doc_count + EXCLUDED.doc_count
      RETURNING s.word, s.doc_count
    )
    SELECT array_agg(word) INTO gone FROM changed WHERE doc_count <= 0;
    IF gone IS NOT NULL THEN
      DELETE FROM search_words WHERE word = ANY (gone) AND doc_count <= 0;
    END IF;
  END $$`),
  sql.raw(`CREATE FUNCTION bashboard_search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM bashboard_search_words_add(array_agg(w), array_agg(1))
      FROM new_rows, unnest(bashboard_post_words(title, command, tags)) AS w;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION bashboard_search_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM bashboard_search_words_add(array_agg(w), array_agg(-1))
      FROM old_rows, unnest(bashboard_post_words(title, command, tags)) AS w;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION bashboard_search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    old_words text[] := bashboard_post_words(OLD.title, OLD.command, OLD.tags);
    new_words text[] := bashboard_post_words(NEW.title, NEW.command, NEW.tags);
  BEGIN
    PERFORM bashboard_search_words_add(array_agg(w), array_agg(n))
      FROM (
        SELECT w, 1 AS n FROM unnest(new_words) AS w WHERE NOT w = ANY (old_words)
        UNION ALL
        SELECT w, -1 FROM unnest(old_words) AS w WHERE NOT w = ANY (new_words)
      ) AS delta;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION bashboard_search_words_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM search_words;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER posts_search_words_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bashboard_search_words_inserted()`,
  sql`CREATE TRIGGER posts_search_words_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bashboard_search_words_deleted()`,
  sql`CREATE TRIGGER posts_search_words_update AFTER UPDATE OF title, command, tags ON posts
    FOR EACH ROW WHEN (
      OLD.title IS DISTINCT FROM NEW.title OR OLD.command IS DISTINCT FROM NEW.command
      OR OLD.tags IS DISTINCT FROM NEW.tags
    ) EXECUTE FUNCTION bashboard_search_words_updated()`,
  sql`CREATE TRIGGER posts_search_words_truncate AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION bashboard_search_words_truncated()`,
]

/** Posts counted per backfill statement: each stays well inside the pool's 5 s statement timeout. */
const BACKFILL_BATCH = 10_000

/**
 * Creates the vocabulary and its triggers, then fills it from the posts in batches by id. The triggers
 * come first: creating them locks posts against writes until this migration commits, so no post is
 * written between the batches unseen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const { rows } = await sql<{ last: string | null }>`
      WITH batch AS (
        SELECT id, title, command, tags FROM posts WHERE id > ${after}::uuid ORDER BY id LIMIT ${BACKFILL_BATCH}
      ), counted AS (
        SELECT bashboard_search_words_add(array_agg(w), array_agg(1))
        FROM batch, unnest(bashboard_post_words(title, command, tags)) AS w
      )
      -- Reading counted is what runs it (a CTE without a data-modifying statement runs when read).
      SELECT (SELECT id FROM batch ORDER BY id DESC LIMIT 1)::text AS last, (SELECT 1 FROM counted) AS added`.execute(
      db,
    )
    const last = rows[0]?.last
    if (!last) break
    after = last
  }
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db)
}

/** Removes the vocabulary, its triggers and functions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS posts_search_words_${trigger} ON posts`).execute(db)
  }
  for (const fn of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql.raw(`DROP FUNCTION IF EXISTS bashboard_search_words_${fn}()`).execute(db)
  }
  await sql`DROP FUNCTION IF EXISTS bashboard_search_words_add(text[], integer[])`.execute(db)
  await sql`DROP TABLE IF EXISTS search_words`.execute(db)
  await sql`DROP FUNCTION IF EXISTS bashboard_post_words(text, text, text[])`.execute(db)
}
