import type { Category, PostCard } from '@bashboard/server/contract'
import { Link, useNavigate } from '@tanstack/react-router'
import { AlertTriangle, Send } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { FieldError, FormError } from '../../../components/ui/form-error'
import { fieldClasses, Input } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useCreatePostMutation } from '../api'
import { typedCommandSafety } from '../command-safety'
import { useUpdatePostMutation } from '../update'
import {
  type CreatePostField,
  type CreatePostValues,
  DESCRIPTION_MIN_LENGTH,
  POST_FIELD_MESSAGES,
  TITLE_MAX_LENGTH,
  validateCreatePost,
} from '../validation'
import { PlaceholderPreview } from './placeholder-preview'

// TipTap and ProseMirror are the largest part of the app; only this page needs them.
const DescriptionEditor = lazy(() => import('../../../components/rich-text-editor/rich-text-editor'))

const emptyValues: CreatePostValues = { title: '', command: '', description: '', category: '' }

/** What the form shows for a refused submit: at most one field's error (or the form's), with its link. */
type Shown = FormFailure<CreatePostField> | null

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

/** The toast for a create or edit that got no answer about its input (no response, a 5xx). */
function failureToast(error: unknown, editing: boolean): { title: string; message: string } {
  const title = editing ? 'Failed to Update Post' : 'Failed to Create Post'
  if (error instanceof ApiError && error.isNetworkError) return { title, message: error.message }
  const serverMessage = error instanceof ApiError ? error.serverMessage : undefined
  return { title, message: serverMessage ?? 'Please try again later.' }
}

/** The command's error line: a duplicate links to the post that already has the command. */
function CommandError({ failure }: { failure: FormFailure<CreatePostField> }) {
  if (!failure.existingPath) return failure.message
  return (
    <>
      This command is already on Bashboard:{' '}
      <Link to={failure.existingPath} className="underline underline-offset-2 hover:text-fg">
        see the post
      </Link>
      .
    </>
  )
}

/** The form's starting values: empty for a new post, the post's own when editing it. */
function initialValues(post: PostCard | undefined): CreatePostValues {
  if (!post) return emptyValues
  return {
    title: post.title,
    command: post.command,
    description: post.description,
    category: post.category?._id ?? '',
  }
}

export interface CreatePostFormProps {
  categories: Category[]
  /**
   * The post to edit (its author or a moderator): the form starts with its values, saves them with
   * `PUT /api/posts/update` under the same rules and goes back to the post.
   */
  editing?: PostCard
}

/**
 * The create-post form: title (with a counter toward 100), command (with a live danger warning),
 * category and the rich-text description. Rules are checked in a fixed order; the first one broken, or
 * the server's refusal, shows under its field (a duplicate command links to its post) and goes away as
 * soon as that field changes. Toasts only say it worked, or that no answer came.
 * With `editing`, the same form edits that post.
 */
export function CreatePostForm({ categories, editing }: CreatePostFormProps) {
  const toast = useToast()
  const navigate = useNavigate()
  const createPost = useCreatePostMutation()
  const updatePost = useUpdatePostMutation()
  const [values, setValues] = useState<CreatePostValues>(() => initialValues(editing))
  const [shown, setShown] = useState<Shown>(null)
  const invalid = shown?.field ?? null
  // Remounting the editor is how the form clears it after a successful post.
  const [editorKey, setEditorKey] = useState(0)
  const ids = {
    description: useId(),
    descriptionHint: useId(),
    category: useId(),
    commandWarnings: useId(),
    commandHelp: useId(),
    error: useId(),
  }
  const fieldRefs = {
    title: useRef<HTMLInputElement>(null),
    command: useRef<HTMLTextAreaElement>(null),
    category: useRef<HTMLSelectElement>(null),
    description: useRef<HTMLDivElement>(null),
  }
  const { warnings } = typedCommandSafety(values.command)

  function update(field: CreatePostField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }))
    // An error about this field (or about none) no longer applies once it is edited.
    setShown((current) => (current && (current.field === field || current.field === null) ? null : current))
  }

  /** The error line of `field`, with the id its control points at. */
  const errorOf = (field: CreatePostField) => (invalid === field ? shown : null)
  const describedBy = (field: CreatePostField, ...others: string[]) =>
    [...others, invalid === field ? ids.error : null].filter(Boolean).join(' ') || undefined

  function refuse(error: unknown): void {
    const failure = formFailureOf(error, POST_FIELD_MESSAGES)
    if (!failure) {
      toast({ ...failureToast(error, editing !== undefined), variant: 'destructive' })
      return
    }
    setShown(failure)
    if (failure.field) focusField(failure.field)
  }

  function focusField(field: CreatePostField): void {
    if (field === 'description')
      fieldRefs.description.current?.querySelector<HTMLElement>('[contenteditable]')?.focus()
    else fieldRefs[field].current?.focus()
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (createPost.isPending || updatePost.isPending) return
    const problem = validateCreatePost(values)
    if (problem) {
      setShown(problem)
      focusField(problem.field)
      return
    }
    setShown(null)
    const body = {
      title: values.title.trim(),
      command: values.command.trim(),
      description: values.description.trim(),
      category: values.category,
    }
    if (editing) {
      updatePost.mutate(
        { id: editing._id, ...body },
        {
          onSuccess: ({ post }) => {
            toast({ title: 'Post Updated', message: 'Your changes are live.', variant: 'success' })
            void navigate({ to: '/post/$slug', params: { slug: post.slug } })
          },
          onError: refuse,
        },
      )
      return
    }
    createPost.mutate(body, {
      onSuccess: ({ post: created }) => {
        toast({
          title: 'Post Created Successfully!',
          message: 'Your command is live.',
          variant: 'success',
          // The seed sends the author home; the way to what they just shared stays one click away.
          link: { to: `/post/${created.slug}`, label: 'View your post' },
          durationMs: 10_000,
        })
        setValues(emptyValues)
        setEditorKey((key) => key + 1)
        void navigate({ to: '/' })
      },
      onError: refuse,
    })
  }

  const sending = createPost.isPending || updatePost.isPending
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
        error={errorOf('title')?.message}
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
            aria-describedby={describedBy(
              'command',
              ids.commandHelp,
              warnings.length > 0 ? ids.commandWarnings : '',
            )}
            className={cn(
              fieldClasses,
              'h-auto min-h-16 resize-y py-2.5 pl-7 font-mono leading-6',
              invalid === 'command' ? 'border-danger' : 'border-line',
            )}
          />
        </div>
        {errorOf('command') ? (
          <FieldError id={ids.error}>
            <CommandError failure={errorOf('command') as FormFailure<CreatePostField>} />
          </FieldError>
        ) : null}
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
          aria-describedby={describedBy('category')}
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
        {errorOf('category') ? <FieldError id={ids.error}>{shown?.message}</FieldError> : null}
      </div>

      <div ref={fieldRefs.description} className="flex flex-col gap-1.5">
        <span id={ids.description} className="text-sm font-medium text-fg">
          Description
        </span>
        <Suspense fallback={<EditorLoading />}>
          <DescriptionEditor
            key={editorKey}
            initialContent={editing?.description ?? ''}
            labelledBy={ids.description}
            describedBy={describedBy('description', ids.descriptionHint)}
            invalid={invalid === 'description'}
            onChange={(html) => update('description', html)}
          />
        </Suspense>
        <p id={ids.descriptionHint} className="text-xs text-muted">
          Explain what the command does, its options and when to use it (at least {DESCRIPTION_MIN_LENGTH}{' '}
          characters).
        </p>
        {errorOf('description') ? <FieldError id={ids.error}>{shown?.message}</FieldError> : null}
      </div>

      {shown && shown.field === null ? <FormError>{shown.message}</FormError> : null}

      {/* The submit comes before Cancel in the page, so Tab from the last field reaches it first. */}
      <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button type="submit" loading={sending}>
          {sending ? null : <Send aria-hidden="true" className="size-4" />}
          {editing ? (sending ? 'Saving...' : 'Save Changes') : sending ? 'Creating...' : 'Create Post'}
        </Button>
        {editing ? (
          <Link to="/post/$slug" params={{ slug: editing.slug }} className={buttonClasses('secondary', 'md')}>
            Cancel
          </Link>
        ) : (
          <Link to="/" className={buttonClasses('secondary', 'md')}>
            Cancel
          </Link>
        )}
      </div>
    </form>
  )
}
