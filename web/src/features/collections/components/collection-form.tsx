import { COLLECTION_LIMITS } from '@bashboard/server/contract/limits'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { ApiError } from '../../../lib/api-client'
import { type CollectionFormErrors, type CollectionFormValues, validateCollectionForm } from '../validation'

export interface CollectionFormProps {
  /** The form's accessible name ("New collection", "Edit collection"). */
  label: string
  initial?: Partial<CollectionFormValues>
  submitLabel: string
  pendingLabel: string
  /** Sends the trimmed values; a rejected ApiError is shown on the field it concerns. */
  onSubmit: (values: CollectionFormValues) => Promise<unknown>
  onCancel?: () => void
  /** 'compact' leaves the description out (the picker's inline "New collection"). */
  variant?: 'full' | 'compact'
  /** Focus the name field when the form appears. */
  autoFocus?: boolean
}

/** Where a refused write's message belongs: the description, the name, or the whole form. */
function placeError(error: unknown): { field: keyof CollectionFormErrors | 'form'; message: string } {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.'
  if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
    if (/description/i.test(message)) return { field: 'description', message }
    if (/name/i.test(message)) return { field: 'name', message }
  }
  return { field: 'form', message }
}

/**
 * Create or edit a collection: a name (required, at most 60 characters), a description (at most 500)
 * and whether it is public. The limits are checked here first; a duplicate name only the server knows,
 * and its 409 is shown under the name.
 */
export function CollectionForm({
  label,
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  variant = 'full',
  autoFocus = false,
}: CollectionFormProps) {
  const [values, setValues] = useState<CollectionFormValues>({
    name: initial?.name ?? '',
    description: initial?.description ?? '',
    public: initial?.public ?? false,
  })
  const [errors, setErrors] = useState<CollectionFormErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const descriptionRef = useRef<HTMLTextAreaElement>(null)
  const formErrorId = useId()

  // Focused in an effect rather than with autoFocus, so the focus follows the `autoFocus` prop whenever the
  // form is shown, not only on its first mount.
  useEffect(() => {
    if (autoFocus) nameRef.current?.focus()
  }, [autoFocus])

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (pending) return
    const problems = validateCollectionForm(values)
    setErrors(problems)
    setFormError(null)
    if (problems.name) return nameRef.current?.focus()
    if (problems.description) return descriptionRef.current?.focus()
    setPending(true)
    try {
      await onSubmit({
        name: values.name.trim(),
        description: values.description.trim(),
        public: values.public,
      })
    } catch (error) {
      const placed = placeError(error)
      if (placed.field === 'form') setFormError(placed.message)
      else {
        setErrors({ [placed.field]: placed.message })
        ;(placed.field === 'name' ? nameRef.current : descriptionRef.current)?.focus()
      }
    } finally {
      setPending(false)
    }
  }

  const nameLength = values.name.trim().length
  const descriptionLength = values.description.trim().length
  return (
    <form
      noValidate
      aria-label={label}
      aria-describedby={formError ? formErrorId : undefined}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <Input
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="off"
        value={values.name}
        onChange={(event) => {
          const name = event.currentTarget.value
          setValues((current) => ({ ...current, name }))
          if (errors.name) setErrors((current) => ({ ...current, name: undefined }))
        }}
        error={errors.name}
        hint={`${nameLength}/${COLLECTION_LIMITS.nameMaxLength} characters`}
        required
      />
      {variant === 'full' ? (
        <Textarea
          ref={descriptionRef}
          label={
            <>
              Description <span className="font-normal text-muted">(optional)</span>
            </>
          }
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => {
            const description = event.currentTarget.value
            setValues((current) => ({ ...current, description }))
            if (errors.description) setErrors((current) => ({ ...current, description: undefined }))
          }}
          error={errors.description}
          hint={`${descriptionLength}/${COLLECTION_LIMITS.descriptionMaxLength} characters`}
          className="min-h-20"
        />
      ) : null}
      <Checkbox
        name="public"
        checked={values.public}
        onChange={(event) => {
          const shown = event.currentTarget.checked
          setValues((current) => ({ ...current, public: shown }))
        }}
        label={
          <>
            <span className="font-medium text-fg">Public</span>: anyone with the link can see it. Private
            collections are only for you.
          </>
        }
      />
      {formError ? (
        <p id={formErrorId} role="alert" className="text-sm font-medium text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
