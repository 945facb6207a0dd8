import type { ApplicationDocCategory } from '@bashboard/server/contract'
import { FileText, Send, Upload } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { fieldClasses } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { formFailureOf } from '../../../lib/form-failure'
import { useSubmitApplication } from '../api'
import {
  APPLICATION_FIELD_MESSAGES,
  type ApplicationField,
  type ApplicationValues,
  COVER_LETTER_MAX,
  COVER_LETTER_MIN,
  checkDocument,
  coverLetterLongEnough,
  DOC_CATEGORIES,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_MB,
  validateApplication,
} from '../validation'

const emptyValues: ApplicationValues = { document: null, coverLetter: '', docCategory: '' }

/** "2.4 MB", "312 KB": how big the chosen document is. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export interface ApplicationFormProps {
  /** After a rejection the button reads Resubmit Application (docs/product-rules.md#applications). */
  resubmit: boolean
}

/**
 * The contributor application form: a document (JPEG, JPG, PNG or PDF up to 10MB), its category and a
 * cover letter of at least 50 characters with a live count. Submit stays disabled until the letter is
 * long enough; other problems are named one at a time, in the seed's order, and the field is focused.
 */
export function ApplicationForm({ resubmit }: ApplicationFormProps) {
  const toast = useToast()
  const submit = useSubmitApplication()
  const [values, setValues] = useState<ApplicationValues>(emptyValues)
  // The error under the form, about one field, or about none (a refusal naming no field).
  const [error, setError] = useState<{ field: ApplicationField | null; message: string } | null>(null)
  const ids = {
    document: useId(),
    category: useId(),
    coverLetter: useId(),
    count: useId(),
    error: useId(),
  }
  const refs = {
    document: useRef<HTMLInputElement>(null),
    coverLetter: useRef<HTMLTextAreaElement>(null),
    docCategory: useRef<HTMLSelectElement>(null),
  }
  const length = values.coverLetter.trim().length
  const longEnough = coverLetterLongEnough(values.coverLetter)
  const sending = submit.isPending

  function update<K extends keyof ApplicationValues>(field: K, value: ApplicationValues[K]): void {
    setValues((current) => ({ ...current, [field]: value }))
    if (error?.field === field || error?.field === null) setError(null)
  }

  function chooseDocument(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0] ?? null
    if (file) {
      const problem = checkDocument(file)
      if (problem) {
        // Refuse the file at once: the user learns the rule before writing a cover letter.
        event.target.value = ''
        setValues((current) => ({ ...current, document: null }))
        // Shown once, under the form: a toast saying the same thing would be read out twice.
        setError({ field: 'document', message: problem })
        return
      }
    }
    update('document', file)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (sending || !longEnough) return
    const problem = validateApplication(values)
    if (problem) {
      setError(problem)
      refs[problem.field].current?.focus()
      return
    }
    const { document, docCategory } = values
    // Already refused by validateApplication; this narrows the types for the call below.
    if (!document || docCategory === '') return
    setError(null)
    submit.mutate(
      { document, coverLetter: values.coverLetter.trim(), docCategory },
      {
        onSuccess: () => {
          toast({
            title: 'Application Submitted',
            message: 'Moderators will review it soon. You will be notified of their decision.',
            variant: 'success',
          })
          setValues(emptyValues)
        },
        // The server's refusal is shown like the form's own checks; only a lost connection or a crash
        // is a toast.
        onError: (failure) => {
          const shown = formFailureOf(failure, APPLICATION_FIELD_MESSAGES)
          if (shown) {
            setError(shown)
            if (shown.field) refs[shown.field].current?.focus()
            return
          }
          const message =
            failure instanceof Error ? failure.message : 'Something went wrong. Please try again.'
          toast({ title: 'Submission Failed', message, variant: 'destructive' })
        },
      },
    )
  }

  const invalid = (field: ApplicationField) => error?.field === field
  const percent = submit.progress === null ? null : Math.round(submit.progress * 100)

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.document} className="text-sm font-medium text-fg">
          Identity Document
        </label>
        <input
          ref={refs.document}
          id={ids.document}
          type="file"
          name="document"
          accept={DOCUMENT_ACCEPT}
          onChange={chooseDocument}
          disabled={sending}
          aria-invalid={invalid('document') || undefined}
          aria-describedby={
            invalid('document') ? `${ids.document}-hint ${ids.error}` : `${ids.document}-hint`
          }
          className={cn(
            'block w-full cursor-pointer rounded-md border bg-surface-2 text-sm text-muted',
            'file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-surface-3',
            'file:px-4 file:py-2.5 file:text-sm file:font-medium file:text-fg hover:file:bg-line',
            'focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40 focus-visible:outline-none',
            invalid('document') ? 'border-danger' : 'border-line',
          )}
        />
        <p id={`${ids.document}-hint`} className="text-xs text-muted">
          JPEG, JPG, PNG or PDF, up to {DOCUMENT_MAX_MB}MB. Only moderators can see it.
        </p>
        {values.document ? (
          <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
            <FileText aria-hidden="true" className="size-3.5" />
            <span className="truncate">{values.document.name}</span>
            <span className="text-muted">({formatBytes(values.document.size)})</span>
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.category} className="text-sm font-medium text-fg">
          Document Category
        </label>
        <select
          ref={refs.docCategory}
          id={ids.category}
          name="docCategory"
          value={values.docCategory}
          disabled={sending}
          onChange={(event) => update('docCategory', event.target.value as ApplicationDocCategory | '')}
          aria-invalid={invalid('docCategory') || undefined}
          aria-describedby={invalid('docCategory') ? ids.error : undefined}
          className={cn(
            fieldClasses,
            'appearance-auto',
            invalid('docCategory') ? 'border-danger' : 'border-line',
          )}
        >
          <option value="">Select a document category</option>
          {DOC_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={ids.coverLetter} className="text-sm font-medium text-fg">
            Cover Letter
          </label>
          <span
            id={ids.count}
            aria-live="polite"
            className={cn('font-mono text-xs', longEnough ? 'text-accent-text' : 'text-muted')}
          >
            {longEnough
              ? `${length}/${COVER_LETTER_MAX} characters`
              : `${length}/${COVER_LETTER_MIN} characters minimum`}
          </span>
        </div>
        <textarea
          ref={refs.coverLetter}
          id={ids.coverLetter}
          name="coverLetter"
          value={values.coverLetter}
          disabled={sending}
          onChange={(event) => update('coverLetter', event.target.value)}
          rows={7}
          maxLength={COVER_LETTER_MAX}
          placeholder="Tell us about your Linux experience and the kind of commands you would like to share..."
          aria-invalid={invalid('coverLetter') || undefined}
          aria-describedby={invalid('coverLetter') ? `${ids.count} ${ids.error}` : ids.count}
          className={cn(
            fieldClasses,
            'h-auto min-h-40 resize-y py-2.5 leading-6',
            invalid('coverLetter') ? 'border-danger' : 'border-line',
          )}
        />
      </div>

      {error ? (
        // role="alert" is announced as it appears, so no live wrapper is needed.
        <p
          id={ids.error}
          role="alert"
          className="rounded-md border border-danger/50 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {error.message}
        </p>
      ) : null}

      {percent !== null ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between font-mono text-xs text-muted">
            <span className="flex items-center gap-1.5">
              <Upload aria-hidden="true" className="size-3.5" />
              {percent < 100 ? 'Uploading document...' : 'Processing...'}
            </span>
            <span>{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          {longEnough
            ? 'Ready to send. You can apply again if this one is not accepted.'
            : `Write at least ${COVER_LETTER_MIN} characters to enable submission.`}
        </p>
        <Button type="submit" size="lg" loading={sending} disabled={!longEnough}>
          {sending ? null : <Send aria-hidden="true" className="size-4" />}
          {resubmit ? 'Resubmit Application' : 'Submit Application'}
        </Button>
      </div>
    </form>
  )
}
