import { sql } from 'kysely'
import type { CategoryListRow } from './repo.ts'

/** Every category as listCategories (repo.ts) lists them, the most used first, as a JSON array. */
export const CATEGORIES_JSON = sql<CategoryListRow[]>`(
  SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'slug', slug, 'post_count', post_count)
    ORDER BY post_count DESC, name ASC), '[]'::json)
  FROM categories
)`
