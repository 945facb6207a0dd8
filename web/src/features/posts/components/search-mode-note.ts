/**
 * Why the sort and category controls are greyed in search mode (docs/product-rules.md#browse: search
 * results are ranked, across every category), shown beside each of them.
 */
export const SEARCH_MODE_NOTE = 'Sorting and categories apply when you are not searching'
