import type { BlogStatus, CreateBlogBody, ModBlog } from '@bashboard/server/contract'
import { BLOG_METADESCRIPTION_MAX_LENGTH, BLOG_TITLE_MAX_LENGTH } from '@bashboard/server/contract/limits'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Eye, EyeOff } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { FieldError, FormError } from '../../../components/ui/form-error'
import { ImageField } from '../../../components/ui/image-field'
import { Input } from '../../../components/ui/input'
import { ManagedList, RowActions, StatusPill, useRowAction } from '../../../components/ui/managed-list'
import { Loading } from '../../../components/ui/spinner'
import { Textarea } from '../../../components/ui/textarea'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useCreateBlog, useDeleteBlog, useUpdateBlog, useUploadBlogImage } from '../api'
import { formatBlogDate, formatViews } from '../format'
import { modBlogsQueryOptions } from '../queries'
import { BLOG_FIELD_MESSAGES, type BlogDraft, type BlogField, blogDraftProblem } from '../validation'

const RichTextEditor = lazy(() => import('../../../components/rich-text-editor/rich-text-editor'))

function draftOf(blog: ModBlog | null): BlogDraft {
  return {
    title: blog?.title ?? '',
    metadescription: blog?.metadescription ?? '',
    content: blog?.content ?? '',
    image: blog?.imageName && blog.image ? { value: blog.imageName, preview: blog.image } : null,
  }
}

/**
 * Writes or edits an article. The first problem of the draft, or the server's refusal, shows under its
 * field (or above the buttons when it names none) until that field changes; only a lost connection or a
 * 5xx is a toast.
 */
function BlogEditor({ blog, onDone }: { blog: ModBlog | null; onDone: () => void }) {
  const id = useId()
  const toast = useToast()
  const create = useCreateBlog()
  const update = useUpdateBlog()
  const upload = useUploadBlogImage()
  const [draft, setDraft] = useState<BlogDraft>(() => draftOf(blog))
  const [shown, setShown] = useState<FormFailure<BlogField> | null>(null)
  const saving = create.isPending || update.isPending
  const errorOf = (field: BlogField) => (shown?.field === field ? shown.message : undefined)
  const contentErrorId = `${id}-content-error`

  function edit(patch: Partial<BlogDraft>): void {
    setDraft((current) => ({ ...current, ...patch }))
    // An error about the edited field (or about none) no longer applies.
    setShown((current) => (current && (current.field === null || current.field in patch) ? null : current))
  }

  async function save(status: BlogStatus): Promise<void> {
    const found = blogDraftProblem(draft)
    setShown(found)
    if (found) return
    const body: CreateBlogBody = {
      title: draft.title.trim(),
      metadescription: draft.metadescription.trim(),
      content: draft.content,
      image: draft.image?.value ?? null,
      status,
    }
    try {
      if (blog) await update.mutateAsync({ id: blog._id, body })
      else await create.mutateAsync(body)
      toast({
        title: status === 'published' ? 'Article published' : 'Draft saved',
        message: body.title,
        variant: 'success',
      })
      onDone()
    } catch (failure) {
      const refused = formFailureOf(failure, BLOG_FIELD_MESSAGES)
      if (refused) {
        setShown(refused)
        return
      }
      toast({
        title: 'Save Failed',
        message: failure instanceof ApiError ? failure.message : 'Please try again later.',
        variant: 'destructive',
      })
    }
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault()
    void save('published')
  }

  return (
    <Card className="flex flex-col gap-5 p-5">
      <h3 className="text-base font-semibold text-fg">{blog ? `Edit “${blog.title}”` : 'New article'}</h3>
      <form aria-label="Article editor" onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <Input
          label="Title"
          value={draft.title}
          maxLength={BLOG_TITLE_MAX_LENGTH}
          onChange={(event) => edit({ title: event.target.value })}
          error={errorOf('title')}
        />
        <Textarea
          label="Meta description"
          rows={3}
          maxLength={BLOG_METADESCRIPTION_MAX_LENGTH}
          value={draft.metadescription}
          error={errorOf('metadescription')}
          onChange={(event) => edit({ metadescription: event.target.value })}
          hint={
            <>
              Shown on the blog cards and in search results. {draft.metadescription.length}/
              {BLOG_METADESCRIPTION_MAX_LENGTH}
            </>
          }
        />
        <ImageField
          label="Cover image"
          image={draft.image}
          onChange={(image) => edit({ image })}
          error={errorOf('image')}
          upload={(file) => upload.mutateAsync(file)}
          uploading={upload.isPending}
        />
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-content`} className="text-sm font-medium text-fg">
            Article
          </span>
          <Suspense fallback={<Loading label="Loading editor..." className="py-6" />}>
            <RichTextEditor
              labelledBy={`${id}-content`}
              invalid={shown?.field === 'content'}
              describedBy={shown?.field === 'content' ? contentErrorId : undefined}
              initialContent={draft.content}
              onChange={(content) => edit({ content })}
            />
          </Suspense>
          {shown?.field === 'content' ? <FieldError id={contentErrorId}>{shown.message}</FieldError> : null}
        </div>
        {shown && shown.field === null ? <FormError>{shown.message}</FormError> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={saving}>
            Publish
          </Button>
          <Button variant="secondary" disabled={saving} onClick={() => void save('draft')}>
            Save as draft
          </Button>
          <Button variant="ghost" disabled={saving} onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  )
}

function BlogRow({ blog, onEdit }: { blog: ModBlog; onEdit: () => void }) {
  const run = useRowAction()
  const update = useUpdateBlog()
  const remove = useDeleteBlog()
  const published = blog.status === 'published'

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill tone={published ? 'accent' : 'quiet'}>{published ? 'Published' : 'Draft'}</StatusPill>
          {published ? (
            <Link
              to="/blog/$slug"
              params={{ slug: blog.slug }}
              className="min-w-0 truncate font-medium text-fg hover:text-accent-text hover:underline"
            >
              {blog.title}
            </Link>
          ) : (
            <span className="min-w-0 truncate font-medium text-fg">{blog.title}</span>
          )}
        </div>
        <p className="text-xs text-muted">
          {blog.author} ·{' '}
          {published
            ? `published ${formatBlogDate(blog.publishedAt)}`
            : `edited ${formatBlogDate(blog.updatedAt)}`}{' '}
          · {formatViews(blog.viewCount)}
        </p>
      </div>
      <RowActions
        name={blog.title}
        onEdit={onEdit}
        deleting={remove.isPending}
        onDelete={() =>
          run(() => remove.mutateAsync(blog._id), {
            title: 'Article deleted',
            message: blog.title,
            failureTitle: 'Delete Failed',
          })
        }
      >
        <Button
          variant="secondary"
          size="sm"
          loading={update.isPending}
          onClick={() =>
            void run(
              () => update.mutateAsync({ id: blog._id, body: { status: published ? 'draft' : 'published' } }),
              {
                title: published ? 'Article unpublished' : 'Article published',
                message: blog.title,
                failureTitle: 'Update Failed',
              },
            )
          }
        >
          {published ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
          {published ? 'Unpublish' : 'Publish'}
        </Button>
      </RowActions>
    </li>
  )
}

/** The console's Blog tab: every article (drafts too), and writing, publishing and deleting them. */
export function BlogAdminPage() {
  useDocumentTitle('Blog · Moderation')
  const blogs = useQuery({ ...modBlogsQueryOptions(), select: (data) => data.blogs })
  return (
    <ManagedList
      headingId="mod-blog-heading"
      title="Blog"
      newLabel="New article"
      query={blogs}
      loadingLabel="Loading articles..."
      failedMessage="Failed to load the articles."
      emptyText="No articles yet. Write the first one."
      listLabel="Articles"
      renderEditor={(blog, done) => <BlogEditor blog={blog} onDone={done} />}
      renderRow={(blog, edit) => <BlogRow key={blog._id} blog={blog} onEdit={edit} />}
    />
  )
}
