/**
 * The cache key of a search: case and spacing do not change what full text and trigram similarity
 * match (both lower-case), so `Docker  Logs` and `docker logs` share one entry.
 */
export function searchKey(search: string, page: number, limit: number): string {
  return `${search.toLowerCase().replace(/\s+/g, ' ')}\n${page}\n${limit}`
}
