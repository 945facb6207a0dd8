import type {
  BlogDetailResponse,
  BlogListResponse,
  CreateBlogBody,
  DeleteBlogResponse,
  ModBlogListResponse,
  ModBlogResponse,
  UpdateBlogBody,
  UploadedImageResponse,
} from '@bashboard/server/contract'
import { BLOG_PAGE_SIZE } from '@bashboard/server/contract/values'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

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

/** After any console change the public list and articles may differ too, so every blog query refetches. */
function useInvalidateBlogs() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: blogKeys.all })
}

/** Creates an article (POST /api/mod/blogs). */
export function useCreateBlog() {
  const invalidate = useInvalidateBlogs()
  return useMutation({
    mutationFn: (body: CreateBlogBody) =>
      apiFetch<ModBlogResponse>('/api/mod/blogs', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to save the article',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Changes an article, e.g. `{status}` alone to publish or unpublish (PUT /api/mod/blogs/{id}). */
export function useUpdateBlog() {
  const invalidate = useInvalidateBlogs()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBlogBody }) =>
      apiFetch<ModBlogResponse>(`/api/mod/blogs/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to save the article',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Deletes an article (DELETE /api/mod/blogs/{id}). */
export function useDeleteBlog() {
  const invalidate = useInvalidateBlogs()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<DeleteBlogResponse>(`/api/mod/blogs/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the article',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Uploads a cover image (multipart field `image`); answers the name to save and a preview URL. */
export function useUploadBlogImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('image', file)
      return apiFetch<UploadedImageResponse>('/api/mod/blogs/image', {
        method: 'POST',
        body: form,
        fallbackMessage: 'Failed to upload the image',
      })
    },
  })
}
