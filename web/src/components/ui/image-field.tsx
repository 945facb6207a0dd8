import type { UploadedImageResponse } from '@bashboard/server/contract'
import { CONTENT_IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@bashboard/server/contract/limits'
import { ImageUp, X } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { cn } from '../../lib/cn'
import { Button } from './button'
import { fieldClasses } from './input'

/** What an image field holds: the stored value to send (upload name or URL) and a preview address. */
export interface ImageValue {
  value: string
  preview: string
}

export interface ImageFieldProps {
  label: string
  image: ImageValue | null
  onChange: (image: ImageValue | null) => void
  upload: (file: File) => Promise<UploadedImageResponse>
  uploading: boolean
  /** Placeholder of the URL box. */
  urlPlaceholder?: string
  /** The form's refusal of the chosen image (the server's), shown like the field's own until it changes. */
  error?: string | null | undefined
}

const ACCEPTED = ['image/jpeg', 'image/png']

/** Checks type and size before uploading, in the server's words; the server checks the bytes again. */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return IMAGE_MESSAGES.invalidType
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge
  return null
}

/**
 * An image chosen by upload (with preview) or by typing a full https URL; either can be cleared. The
 * feature passes its own upload mutation, so the blog desk and the ad desk share one field.
 */
export function ImageField({
  label,
  image,
  onChange,
  upload,
  uploading,
  urlPlaceholder,
  error: formError,
}: ImageFieldProps) {
  const id = useId()
  const [ownError, setError] = useState<string | null>(null)
  const [url, setUrl] = useState('')
  // Its own refusal is the newer news: the form's is about the image chosen before.
  const error = ownError ?? formError ?? null
  // Both ways of choosing an image are the field, so both say it is refused.
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}

  async function onFile(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = imageFileProblem(file)
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    try {
      const uploaded = await upload(file)
      onChange({ value: uploaded.image, preview: uploaded.url })
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Upload Failed')
    }
  }

  function applyUrl(): void {
    const value = url.trim()
    if (!/^https:\/\/\S+$/i.test(value)) {
      setError('Enter a full https:// URL.')
      return
    }
    setError(null)
    onChange({ value, preview: value })
    setUrl('')
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {image ? (
        <div className="flex flex-wrap items-start gap-3">
          <img
            src={image.preview}
            alt="Selected preview"
            className="max-h-40 max-w-full rounded-md border border-line object-contain"
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" className="size-4" />
            Remove image
          </Button>
        </div>
      ) : (
        <p className="text-xs text-muted">No image selected.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={`${id}-file`}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-3 text-sm font-medium text-fg hover:bg-surface-3',
            'focus-within:ring-2 focus-within:ring-accent/60',
            uploading && 'pointer-events-none opacity-55',
          )}
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {uploading ? 'Uploading...' : 'Upload image'}
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => void onFile(event)}
            {...invalid}
          />
        </label>
        <span className="text-xs text-muted">
          JPEG or PNG, at most {CONTENT_IMAGE_MAX_BYTES / (1024 * 1024)}MB
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-url`} className="sr-only">
          {label} URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder={urlPlaceholder ?? 'or paste https://…'}
          {...invalid}
          className={cn(fieldClasses, 'h-8 max-w-sm flex-1 border-line')}
        />
        <Button variant="secondary" size="sm" onClick={applyUrl} disabled={url.trim() === ''}>
          Use URL
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
