import type {
  CreateBlogBody,
  DeleteBlogResponse,
  ModBlogResponse,
  UpdateBlogBody,
  UploadedImageResponse,
} from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { blogKeys } from './queries'

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
