import type {
  ProfileHeader,
  UpdateAvatarResponse,
  UpdatePasswordBody,
  UpdateProfileBody,
  UpdateUserResponse,
} from '@bashboard/server/contract'
import { AVATAR_FORM_FIELDS } from '@bashboard/server/contract/limits'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot, profileHeaderKey } from '../../lib/current-user'
import { sessionsKey } from './sessions-api'

/**
 * Writes the updated header into the cache the site header reads (so a new avatar or name shows at once)
 * and refetches the user's other private data (the profile page) in the background.
 */
function applyHeader(queryClient: QueryClient, header: ProfileHeader): void {
  const { _id, username, email, emailVerified, avatar, contributor, role, points, badge } = header
  queryClient.setQueryData<ProfileHeader>(profileHeaderKey(), {
    _id,
    username,
    email,
    emailVerified,
    avatar,
    contributor,
    role,
    points,
    badge,
  })
  const headerKey = profileHeaderKey()
  void queryClient.invalidateQueries({
    queryKey: currentUserKeyRoot,
    predicate: (query) => query.queryKey[1] !== headerKey[1],
  })
}

/** PUT /api/users with the profile form (username and email). */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      apiFetch<UpdateUserResponse>('/api/users', {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to update user',
      }),
    onSuccess: (header) => applyHeader(queryClient, header),
  })
}

/**
 * PUT /api/users with the password form. The change signs out every other session; this browser's stays
 * (the server re-pins it), so only the header and the sessions list are read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdatePasswordBody) =>
      apiFetch<UpdateUserResponse>('/api/users', {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to update user',
      }),
    onSuccess: (answer) => {
      applyHeader(queryClient, answer)
      void queryClient.invalidateQueries({ queryKey: sessionsKey() })
    },
  })
}

/** The picked file and the square of it to keep, in pixels of the upright image. */
export interface AvatarUpload {
  file: File
  square: { x: number; y: number; size: number }
}

/**
 * PUT /api/users/avatar, multipart: the square in `cropX`, `cropY`, `cropSize`, then the file in `image`
 * (the server cuts the square out of the original and re-encodes it, so the file is encoded once).
 */
export function useUploadAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, square }: AvatarUpload) => {
      const form = new FormData()
      form.append(AVATAR_FORM_FIELDS.cropX, String(square.x))
      form.append(AVATAR_FORM_FIELDS.cropY, String(square.y))
      form.append(AVATAR_FORM_FIELDS.cropSize, String(square.size))
      form.append(AVATAR_FORM_FIELDS.image, file)
      return apiFetch<UpdateAvatarResponse>('/api/users/avatar', {
        method: 'PUT',
        body: form,
        fallbackMessage: 'Failed to update avatar',
      })
    },
    onSuccess: (header) => applyHeader(queryClient, header),
  })
}
