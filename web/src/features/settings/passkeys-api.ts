import type { Passkey, PasskeyList, PasskeyRegistrationStart } from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'
import { createPasskeyCredential } from '../../lib/webauthn'

/** The signed-in member's passkeys; under the user's key root, so logging out drops them. */
export function passkeysKey() {
  return [...currentUserKeyRoot, 'passkeys'] as const
}

/** GET /api/users/me/passkeys: name, added and last used, oldest first. */
export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: passkeysKey(),
    queryFn: ({ signal }) =>
      apiFetch<PasskeyList>('/api/users/me/passkeys', { signal, fallbackMessage: 'Failed to load passkeys' }),
  })
}

/** Writes the list a change answered with (or changed), so the section shows it at once. */
function useListWriter() {
  const queryClient = useQueryClient()
  return (update: (list: PasskeyList | undefined) => PasskeyList | undefined) =>
    queryClient.setQueryData(passkeysKey(), update)
}

/**
 * Adds a passkey: creation options from the server, the browser's ceremony (lib/webauthn.ts loads
 * the WebAuthn code then), and the new credential back with its name.
 */
export function useAddPasskey() {
  const writeList = useListWriter()
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await apiFetch<PasskeyRegistrationStart>('/api/users/me/passkeys/options', {
        method: 'POST',
        fallbackMessage: 'Could not start adding a passkey',
      })
      const credential = await createPasskeyCredential(options)
      return apiFetch<Passkey>('/api/users/me/passkeys', {
        method: 'POST',
        body: { name, credential },
        fallbackMessage: 'Failed to add the passkey',
      })
    },
    onSuccess: (passkey) => writeList((list) => list && { passkeys: [...list.passkeys, passkey] }),
  })
}

/** PATCH /api/users/me/passkeys/{id}: a new name. */
export function useRenamePasskey() {
  const writeList = useListWriter()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<Passkey>(`/api/users/me/passkeys/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
        fallbackMessage: 'Failed to rename the passkey',
      }),
    onSuccess: (renamed) =>
      writeList(
        (list) =>
          list && {
            passkeys: list.passkeys.map((passkey) => (passkey._id === renamed._id ? renamed : passkey)),
          },
      ),
  })
}

/** DELETE /api/users/me/passkeys/{id}: answers the passkeys left. */
export function useRemovePasskey() {
  const writeList = useListWriter()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<PasskeyList>(`/api/users/me/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to remove the passkey',
      }),
    onSuccess: (left) => writeList(() => left),
  })
}
