import type { PostCard } from '../../contract/posts.ts'
import { copiedCard } from '../../lib/card-json.ts'
import { toPostCard } from '../posts/presenter.ts'
import type { PostCardRow } from '../posts/repo.ts'

/**
 * Posts whose last card a presenter remembers. A card is a few KB, so a thousand is a few MB: more
 * than the home page and a browse page of every sort and category hold.
 */
export const REMEMBERED_CARDS = 1000

/** Every field of a card row, compared to tell whether a post's row is still the one presented. */
const ROW_FIELDS: ReadonlyArray<keyof PostCardRow> = [
  'id',
  'slug',
  'title',
  'command',
  'description',
  'excerpt_source',
  'tags',
  'uplike_count',
  'downlike_count',
  'view_count',
  'comments_count',
  'saved_count',
  'created_at',
  'edited_at',
  'author_id',
  'author_username',
  'author_avatar',
  'author_points',
  'author_created_at',
  'category_id',
  'category_name',
]

function sameValue(a: PostCardRow[keyof PostCardRow], b: PostCardRow[keyof PostCardRow]): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i])
  }
  return a === b
}

function sameRow(a: PostCardRow, b: PostCardRow): boolean {
  return ROW_FIELDS.every((field) => sameValue(a[field], b[field]))
}

/**
 * A copy a caller may change (the page caches patch their cards' counters in place). The safety
 * verdict and the placeholders are computed from the command and never changed after, so they are
 * shared.
 */
function copyCard(card: PostCard): PostCard {
  return {
    ...card,
    author: { ...card.author },
    category: card.category ? { ...card.category } : null,
    tags: [...card.tags],
  }
}

/**
 * `toPostCard` (posts/presenter.ts) remembering each post's last row and card, so a row read again
 * unchanged is not presented again: a card's command safety check and placeholders were the largest
 * part of presenting an uncached page (bench/README.md). A row that differs in any field is presented
 * afresh, so the result is always what `toPostCard` gives for the row. Each call returns a new copy;
 * a copy of a remembered card reuses its JSON (lib/card-json.ts).
 * The least recently stored post is forgotten past `remembered` posts. `present` is the presenter it
 * remembers (tests pass a spy to count its calls).
 */
export function createCardPresenter(
  remembered = REMEMBERED_CARDS,
  present: (row: PostCardRow) => PostCard = toPostCard,
): (row: PostCardRow) => PostCard {
  const memo = new Map<string, { row: PostCardRow; card: PostCard }>()
  return (row) => {
    const known = memo.get(row.id)
    if (known && sameRow(known.row, row)) return copiedCard(copyCard(known.card), known.card)
    const card = present(row)
    memo.delete(row.id)
    if (memo.size >= remembered) {
      const oldest = memo.keys().next()
      if (!oldest.done) memo.delete(oldest.value)
    }
    memo.set(row.id, { row, card: copyCard(card) })
    return card
  }
}
