import type { Category } from '@bashboard/server/contract'
import { Link, useNavigate } from '@tanstack/react-router'
import { AlertTriangle, Send } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react'
import { Button, buttonClasses } from '../../../components/ui/button'
import { fieldClasses, Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useCreatePostMutation } from '../api'
import { checkCommandSafety } from '../command-safety'
import {
  type CreatePostField,
  type CreatePostValues,
  TITLE_MAX_LENGTH,
  validateCreatePost,
} from '../validation'
import { PlaceholderPreview } from './placeholder-preview'

// TipTap and ProseMirror are the largest part of the app; only this page needs them.
const DescriptionEditor = lazy(() => import('../../../components/rich-text-editor/rich-text-editor'))

const emptyValues: CreatePostValues = { title: '', command: '', description: '', category: '' }

function EditorLoading() {
  return (
    <div
      role="status"
      className="flex min-h-60 items-center justify-center gap-2 rounded-md border border-line bg-surface-2 text-sm text-muted"
    >
      <Spinner size="sm" className="text-accent-text" />
      Loading editor...
    </div>
  )
}

/** The toast for a refused create: 409 names the duplicate, anything else says what the server said. */
function failureToast(error: unknown): { title: string; message: string } {
  if (error instanceof ApiError && error.status === 409)
    return { title: 'Duplicate Content', message: error.serverMessage ?? 'Duplicate content detected' }
  if (error instanceof ApiError && error.isNetworkError)
    return { title: 'Failed to Create Post', message: error.message }
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined
  return { title: 'Failed to Create Post', message: serverMessage ?? 'Please try again later.' }
}

/**
 * The create-post form: title (with a counter toward 100), command (with a live danger warning),
 * category and the rich-text description. Rules are checked in SEED-SPEC §5 order, one toast at a time.
 */
export function CreatePostForm({ categories }: { categories: Category[] }) {
  const toast = useToast()
  const navigate = useNavigate()
  const createPost = useCreatePostMutation()
  const [values, setValues] = useState<CreatePostValues>(emptyValues)
  const [invalid, setInvalid] = useState<CreatePostField | null>(null)
  // Remounting the editor is how the form clears it after a successful post.
  const [editorKey, setEditorKey] = useState(0)
  const ids = {
    description: useId(),
    descriptionHint: useId(),
    category: useId(),
    commandWarnings: useId(),
    commandHelp: useId(),
  }
  const fieldRefs = {
    title: useRef<HTMLInputElement>(null),
    command: useRef<HTMLTextAreaElement>(null),
    category: useRef<HTMLSelectElement>(null),
    description: useRef<HTMLDivElement>(null),
  }
  const warnings = checkCommandSafety(values.command)

  function update(field: CreatePostField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }))
    if (invalid === field) setInvalid(null)
  }

  function focusField(field: CreatePostField): void {
    if (field === 'description')
      fieldRefs.description.current?.querySelector<HTMLElement>('[contenteditable]')?.focus()
    else fieldRefs[field].current?.focus()
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (createPost.isPending) return
    const problem = validateCreatePost(values)
    if (problem) {
      setInvalid(problem.field)
      focusField(problem.field)
      toast({ title: 'Validation Error', message: problem.message, variant: 'destructive' })
      return
    }
    createPost.mutate(
      {
        title: values.title.trim(),
        command: values.command.trim(),
        description: values.description.trim(),
        category: values.category,
      },
      {
        onSuccess: () => {
          toast({ title: 'Post Created Successfully!', message: 'Your command is live.', variant: 'success' })
          setValues(emptyValues)
          setEditorKey((key) => key + 1)
          void navigate({ to: '/' })
        },
        onError: (error) => toast({ ...failureToast(error), variant: 'destructive' }),
      },
    )
  }

  const sending = createPost.isPending
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Input
        ref={fieldRefs.title}
        label="Title"
        name="title"
        value={values.title}
        onChange={(event) => update('title', event.target.value)}
        maxLength={TITLE_MAX_LENGTH}
        placeholder="e.g. Find the 10 largest files in a directory"
        autoComplete="off"
        aria-invalid={invalid === 'title' || undefined}
        className={invalid === 'title' ? 'border-danger' : undefined}
        labelAside={
          <span className="font-mono text-xs text-muted" aria-live="polite">
            {values.title.length}/{TITLE_MAX_LENGTH}
          </span>
        }
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids.commandWarnings}-field`} className="text-sm font-medium text-fg">
          Command
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="absolute top-3 left-3 font-mono text-sm text-accent-text select-none"
          >
            $
          </span>
          <textarea
            ref={fieldRefs.command}
            id={`${ids.commandWarnings}-field`}
            name="command"
            value={values.command}
            onChange={(event) => update('command', event.target.value)}
            rows={2}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder="du -ah . | sort -rh | head -n 10"
            aria-invalid={invalid === 'command' || undefined}
            aria-describedby={
              warnings.length > 0 ? `${ids.commandHelp} ${ids.commandWarnings}` : ids.commandHelp
            }
            className={cn(
              fieldClasses,
              'h-auto min-h-16 resize-y py-2.5 pl-7 font-mono leading-6',
              invalid === 'command' ? 'border-danger' : 'border-line',
            )}
          />
        </div>
        <PlaceholderPreview command={values.command} helpId={ids.commandHelp} />
        <div id={ids.commandWarnings} aria-live="polite">
          {warnings.length > 0 ? (
            <div className="mt-1 flex gap-2.5 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              <div>
                <p className="font-medium text-fg">This command looks dangerous</p>
                <ul className="mt-1 list-disc pl-4 text-muted">
                  {warnings.map((warning) => (
                    <li key={warning.id}>{warning.message}</li>
                  ))}
                </ul>
                <p className="mt-1 text-xs text-muted">
                  You can still post it; readers will see a warning. Explain the risk in the description.
                </p>
              </div>
            </div>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.category} className="text-sm font-medium text-fg">
          Category
        </label>
        <select
          ref={fieldRefs.category}
          id={ids.category}
          name="category"
          value={values.category}
          onChange={(event) => update('category', event.target.value)}
          aria-invalid={invalid === 'category' || undefined}
          className={cn(
            fieldClasses,
            'appearance-auto',
            invalid === 'category' ? 'border-danger' : 'border-line',
          )}
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>

      <div ref={fieldRefs.description} className="flex flex-col gap-1.5">
        <span id={ids.description} className="text-sm font-medium text-fg">
          Description
        </span>
        <Suspense fallback={<EditorLoading />}>
          <DescriptionEditor
            key={editorKey}
            labelledBy={ids.description}
            describedBy={ids.descriptionHint}
            invalid={invalid === 'description'}
            onChange={(html) => update('description', html)}
          />
        </Suspense>
        <p id={ids.descriptionHint} className="text-xs text-muted">
          Explain what the command does, its options and when to use it (at least 10 characters).
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonClasses('secondary', 'md')}>
          Cancel
        </Link>
        <Button type="submit" loading={sending}>
          {sending ? null : <Send aria-hidden="true" className="size-4" />}
          {sending ? 'Creating...' : 'Create Post'}
        </Button>
      </div>
    </form>
  )
}
