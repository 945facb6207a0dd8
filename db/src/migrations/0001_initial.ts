/**
 * The initial schema. Frozen: once released, change the schema with a new `NNNN_name.ts` file.
 *
 * Written as plain SQL that runs unchanged on PGlite 0.5 (PostgreSQL 18) and PostgreSQL 15, and never
 * imports app code, so later refactors cannot change what an old migration does.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`,

  sql`CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    username text NOT NULL CHECK (char_length(username) BETWEEN 3 AND 30),
    email text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
    password_hash text NOT NULL,
    role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'contributor', 'moderator')),
    token_version integer NOT NULL DEFAULT 0 CHECK (token_version >= 0),
    points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
    avatar text,
    post_count integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_email_key UNIQUE (email)
  )`,
  sql`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`,
  sql`CREATE INDEX users_points_idx ON users (points DESC, created_at)`,

  sql`CREATE TABLE categories (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    slug text NOT NULL CHECK (char_length(slug) BETWEEN 1 AND 80),
    description text NOT NULL DEFAULT '',
    post_count integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT categories_name_key UNIQUE (name),
    CONSTRAINT categories_slug_key UNIQUE (slug)
  )`,

  // array_to_string() is only STABLE, so a generated column may not call it directly. Joining text
  // with a space cannot depend on any setting, which makes this wrapper honestly IMMUTABLE.
  sql`CREATE FUNCTION bashboard_tags_text(tags text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$`,

  // The command is indexed with both the english and the simple configuration: english stems it like
  // the rest of the text, simple keeps program names that english drops as stop words (which, who, at).
  sql`CREATE TABLE posts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category_id uuid REFERENCES categories (id) ON DELETE SET NULL,
    title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
    slug text NOT NULL CHECK (char_length(slug) >= 1),
    command text NOT NULL CHECK (char_length(command) >= 1),
    command_key text NOT NULL CHECK (char_length(command_key) >= 1),
    description text NOT NULL,
    description_text text NOT NULL,
    tags text[] NOT NULL DEFAULT '{}',
    uplike_count integer NOT NULL DEFAULT 0 CHECK (uplike_count >= 0),
    downlike_count integer NOT NULL DEFAULT 0 CHECK (downlike_count >= 0),
    view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
    comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
    search tsvector NOT NULL GENERATED ALWAYS AS (
      setweight(to_tsvector('english'::regconfig, title), 'A')
      || setweight(to_tsvector('english'::regconfig, command), 'A')
      || setweight(to_tsvector('simple'::regconfig, command), 'A')
      || setweight(to_tsvector('simple'::regconfig, bashboard_tags_text(tags)), 'B')
      || setweight(to_tsvector('english'::regconfig, description_text), 'C')
    ) STORED,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT posts_slug_key UNIQUE (slug),
    CONSTRAINT posts_command_key_key UNIQUE (command_key)
  )`,
  sql`CREATE INDEX posts_created_at_idx ON posts (created_at DESC)`,
  sql`CREATE INDEX posts_category_created_at_idx ON posts (category_id, created_at DESC)`,
  // Sorts break ties by newest, so the tie-breaker is part of each index.
  sql`CREATE INDEX posts_uplike_count_idx ON posts (uplike_count DESC, created_at DESC)`,
  sql`CREATE INDEX posts_view_count_idx ON posts (view_count DESC, created_at DESC)`,
  sql`CREATE INDEX posts_author_created_at_idx ON posts (author_id, created_at DESC)`,
  sql`CREATE INDEX posts_search_idx ON posts USING gin (search)`,
  sql`CREATE INDEX posts_title_trgm_idx ON posts USING gin (title gin_trgm_ops)`,
  sql`CREATE INDEX posts_command_trgm_idx ON posts USING gin (command gin_trgm_ops)`,

  sql`CREATE TABLE votes (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    value smallint NOT NULL CHECK (value IN (-1, 1)),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, post_id)
  )`,
  sql`CREATE INDEX votes_post_id_idx ON votes (post_id)`,

  sql`CREATE TABLE comments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX comments_post_created_at_idx ON comments (post_id, created_at)`,
  sql`CREATE INDEX comments_author_created_at_idx ON comments (author_id, created_at DESC)`,

  sql`CREATE TABLE post_views (
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    viewer_key text NOT NULL CHECK (char_length(viewer_key) BETWEEN 1 AND 128),
    bucket timestamptz NOT NULL,
    PRIMARY KEY (post_id, viewer_key, bucket)
  )`,
  // Old buckets are only needed for an hour; this index lets a cleanup job find them.
  sql`CREATE INDEX post_views_bucket_idx ON post_views (bucket)`,

  sql`CREATE TABLE points_ledger (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta integer NOT NULL,
    reason text NOT NULL CHECK (reason IN (
      'post_created', 'post_deleted', 'upvote_received', 'downvote_received', 'vote_reversed', 'adjustment'
    )),
    subject_id uuid,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX points_ledger_user_created_at_idx ON points_ledger (user_id, created_at)`,
  sql`CREATE INDEX points_ledger_created_at_idx ON points_ledger (created_at)`,

  sql`CREATE TABLE applications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'reviewing' CHECK (status IN ('reviewing', 'accepted', 'rejected')),
    cover_letter text NOT NULL,
    doc_category text NOT NULL,
    document_key text NOT NULL,
    document_name text NOT NULL,
    document_mime text NOT NULL,
    document_size integer NOT NULL CHECK (document_size >= 0),
    review_message text,
    reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX applications_one_open_per_user_key ON applications (user_id) WHERE status = 'reviewing'`,
  sql`CREATE INDEX applications_user_created_at_idx ON applications (user_id, created_at DESC)`,
  sql`CREATE INDEX applications_status_created_at_idx ON applications (status, created_at)`,

  sql`CREATE TABLE blogs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug text NOT NULL CHECK (char_length(slug) >= 1),
    title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    author_name text NOT NULL,
    image text,
    metadescription text NOT NULL,
    content text NOT NULL,
    view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT blogs_slug_key UNIQUE (slug)
  )`,
  sql`CREATE INDEX blogs_created_at_idx ON blogs (created_at DESC)`,

  sql`CREATE TABLE ads (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    page text NOT NULL CHECK (page IN ('Homepage', 'BrowsePage', 'Leaderboard', 'PostDetails', 'Blog')),
    slot text NOT NULL CHECK (slot IN ('ads1', 'ads2', 'ads3', 'ads4')),
    url text NOT NULL,
    ad_image text NOT NULL,
    size text NOT NULL,
    active boolean NOT NULL DEFAULT true,
    click_count integer NOT NULL DEFAULT 0 CHECK (click_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX ads_page_slot_active_idx ON ads (page, slot) WHERE active`,

  sql`CREATE TABLE ad_clicks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    ad_id uuid NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    page_name text NOT NULL,
    clicked_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX ad_clicks_ad_id_idx ON ad_clicks (ad_id)`,
]

/** Creates the extension, tables, constraints and indexes of the first release. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Drops everything `up` created, dependants first. The extension stays: other schemas may use it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ad_clicks',
    'ads',
    'blogs',
    'applications',
    'points_ledger',
    'post_views',
    'comments',
    'votes',
    'posts',
    'categories',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
  }
  await sql`DROP FUNCTION IF EXISTS bashboard_tags_text(text[])`.execute(db)
}
