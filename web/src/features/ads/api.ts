import type {
  CreateAdBody,
  DeleteAdResponse,
  ModAdListResponse,
  ModAdResponse,
  UpdateAdBody,
  UploadedImageResponse,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Query keys of the console's ad desk. */
export const modAdKeys = {
  all: ['mod-ads'] as const,
  list: () => [...modAdKeys.all, 'list'] as const,
}

/** Every ad with its clicks, schedule and state (GET /api/mod/ads, moderators only). */
export function modAdsQueryOptions() {
  return queryOptions({
    queryKey: modAdKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<ModAdListResponse>('/api/mod/ads', { signal, fallbackMessage: 'Failed to load ads' }),
  })
}

/**
 * After a change the console list refetches. The pages' own ad caches (5 minutes, docs/product-rules.md#ads)
 * are left alone on purpose: visitors see the change when their cache expires, as the spec intends.
 */
function useInvalidateAds() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: modAdKeys.all })
}

/** Creates an ad (POST /api/mod/ads). */
export function useCreateAd() {
  const invalidate = useInvalidateAds()
  return useMutation({
    mutationFn: (body: CreateAdBody) =>
      apiFetch<ModAdResponse>('/api/mod/ads', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to save the ad',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Changes an ad, e.g. `{active: false}` to pause it (PUT /api/mod/ads/{id}). */
export function useUpdateAd() {
  const invalidate = useInvalidateAds()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdBody }) =>
      apiFetch<ModAdResponse>(`/api/mod/ads/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to save the ad',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Deletes an ad (DELETE /api/mod/ads/{id}). */
export function useDeleteAd() {
  const invalidate = useInvalidateAds()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<DeleteAdResponse>(`/api/mod/ads/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the ad',
      }),
    onSuccess: () => invalidate(),
  })
}

/** Uploads an ad image (multipart field `image`); answers the name to save and a preview URL. */
export function useUploadAdImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('image', file)
      return apiFetch<UploadedImageResponse>('/api/mod/ads/image', {
        method: 'POST',
        body: form,
        fallbackMessage: 'Failed to upload the image',
      })
    },
  })
}
