import type { ProfileHeader } from '@bashboard/server/contract'
import { Camera, Upload, X } from 'lucide-react'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { formFailureOf } from '../../../lib/form-failure'
import { useUploadAvatar } from '../api'
import { AVATAR_FIELD_MESSAGES, AVATAR_MAX_MB, SETTINGS_MESSAGES, validateAvatarFile } from '../validation'
import { AvatarCropEditor, type AvatarSquare } from './avatar-crop-editor'

/** A picked file and its local preview URL (revoked when replaced or dropped). */
interface Picked {
  file: File
  url: string
}

/**
 * Avatar upload (docs/product-rules.md#settings): pick a JPEG/JPG/PNG of at most 5 MB, frame the square to
 * keep, then upload the file with that square (the server cuts it out and re-encodes it). A refused file
 * shows why under the picker and is never sent; Upload waits until the picked image is drawn and framed.
 * The server's refusal (413, 415, 422) shows there too; only a lost connection or a 5xx is a toast.
 */
export function AvatarUpload({ user }: { user: ProfileHeader }) {
  const toast = useToast()
  const upload = useUploadAvatar()
  const inputId = useId()
  const errorId = `${inputId}-error`
  const inputRef = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [square, setSquare] = useState<AvatarSquare | null>(null)

  // The preview's object URL lives exactly as long as it is shown.
  useEffect(() => {
    if (!picked) return
    return () => URL.revokeObjectURL(picked.url)
  }, [picked])

  function clear(): void {
    setPicked(null)
    setSquare(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  function onPick(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0]
    if (!file) return
    const problem = validateAvatarFile(file)
    setError(problem)
    if (problem) {
      clear()
      return
    }
    setSquare(null)
    setPicked({ file, url: URL.createObjectURL(file) })
  }

  function onCancel(): void {
    clear()
    setError(null)
  }

  function onBroken(): void {
    clear()
    setError(SETTINGS_MESSAGES.avatarUnreadable)
  }

  function onUpload(): void {
    if (!picked || !square) return
    upload.mutate(
      { file: picked.file, square },
      {
        onSuccess: () => {
          clear()
          toast({ title: 'Avatar Updated', message: 'Your new avatar is live.', variant: 'success' })
        },
        onError: (failure) => {
          const shown = formFailureOf(failure, AVATAR_FIELD_MESSAGES)
          if (!shown) {
            toast({ title: 'Upload Failed', message: failure.message, variant: 'destructive' })
            return
          }
          // A refused file is dropped, as the picker drops one; a refused square keeps the image to reframe.
          if (shown.field === 'image') clear()
          setError(shown.message)
        },
      },
    )
  }

  return (
    <div
      className={
        picked
          ? 'flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6'
          : 'flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5'
      }
    >
      <div className="relative self-start max-sm:w-full">
        {picked ? (
          // A new key per file: the frame starts centred and unzoomed on every picked image.
          <AvatarCropEditor
            key={picked.url}
            src={picked.url}
            onSquareChange={setSquare}
            onBroken={onBroken}
          />
        ) : (
          <Avatar name={user.username} src={user.avatar} size="lg" className="size-20 text-2xl" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-3 text-sm font-medium text-fg transition-colors hover:bg-surface-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/60"
          >
            <Camera aria-hidden="true" className="size-4" />
            {picked ? 'Choose another' : 'Change avatar'}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/jpeg,image/jpg,image/png"
              aria-describedby={error ? errorId : `${inputId}-hint`}
              aria-invalid={error ? true : undefined}
              onChange={onPick}
              className="sr-only"
            />
          </label>
          {picked ? (
            <>
              <Button size="sm" onClick={onUpload} loading={upload.isPending} disabled={!square}>
                <Upload aria-hidden="true" className="size-4" />
                {upload.isPending ? 'Uploading...' : 'Upload Avatar'}
              </Button>
              <Button variant="ghost" size="sm" onClick={onCancel} disabled={upload.isPending}>
                <X aria-hidden="true" className="size-4" />
                Cancel
              </Button>
            </>
          ) : null}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          JPEG, JPG or PNG, at most {AVATAR_MAX_MB}MB. You choose the square it is cropped to.
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  )
}
