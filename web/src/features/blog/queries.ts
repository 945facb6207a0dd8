import type { BlogDetailResponse, BlogListResponse, ModBlogListResponse } from '@bashboard/server/contract'
import { BLOG_PAGE_SIZE } from '@bashboard/server/contract/values'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

// The blog's query options, apart from its mutations: route loaders import them, and loaders are in the
// entry chunk (web/README.md, "Weight").

/** Query keys of blog data. */
export const blogKeys = {
  all: ['blogs'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (page: number) => [...blogKeys.lists(), page] as const,
  details: () => [...blogKeys.all, 'detail'] as const,
  detail: (slug: string) => [...blogKeys.details(), slug] as const,
  /** The console's list, drafts included. */
  mod: () => [...blogKeys.all, 'mod'] as const,
}

/** One page of published articles (GET /api/blogs, 6 a page). */
export function blogListQueryOptions(page: number) {
  return queryOptions({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) =>
      apiFetch<BlogListResponse>(`/api/blogs?page=${page}&limit=${BLOG_PAGE_SIZE}`, {
        signal,
        fallbackMessage: 'Failed to load blogs',
      }),
  })
}

/** One published article with its content (GET /api/blogs/{slug}; the server counts the view). */
export function blogDetailQueryOptions(slug: string) {
  return queryOptions({
    queryKey: blogKeys.detail(slug),
    queryFn: ({ signal }) =>
      apiFetch<BlogDetailResponse>(`/api/blogs/${encodeURIComponent(slug)}`, {
        signal,
        fallbackMessage: 'Failed to load blog post',
      }),
  })
}

/** Every article for the console, drafts too (GET /api/mod/blogs, moderators only). */
export function modBlogsQueryOptions() {
  return queryOptions({
    queryKey: blogKeys.mod(),
    queryFn: ({ signal }) =>
      apiFetch<ModBlogListResponse>('/api/mod/blogs', { signal, fallbackMessage: 'Failed to load articles' }),
  })
}
