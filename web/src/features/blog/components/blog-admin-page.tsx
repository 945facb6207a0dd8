import type { BlogStatus, CreateBlogBody, ModBlog } from '@bashboard/server/contract'
import {
  BLOG_MESSAGES,
  BLOG_METADESCRIPTION_MAX_LENGTH,
  BLOG_TITLE_MAX_LENGTH,
} from '@bashboard/server/contract/limits'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Eye, EyeOff } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ImageField, type ImageValue } from '../../../components/ui/image-field'
import { Input } from '../../../components/ui/input'
import { ManagedList, RowActions, StatusPill, useRowAction } from '../../../components/ui/managed-list'
import { Loading } from '../../../components/ui/spinner'
import { Textarea } from '../../../components/ui/textarea'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useCreateBlog, useDeleteBlog, useUpdateBlog, useUploadBlogImage } from '../api'
import { formatBlogDate, formatViews } from '../format'
import { modBlogsQueryOptions } from '../queries'

const RichTextEditor = lazy(() => import('../../../components/rich-text-editor/rich-text-editor'))

/** Plain text of editor HTML: an article made of empty paragraphs counts as empty. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim()
}

interface Draft {
  title: string
  metadescription: string
  content: string
  image: ImageValue | null
}

function draftOf(blog: ModBlog | null): Draft {
  return {
    title: blog?.title ?? '',
    metadescription: blog?.metadescription ?? '',
    content: blog?.content ?? '',
    image: blog?.imageName && blog.image ? { value: blog.imageName, preview: blog.image } : null,
  }
}

/** The first problem of a draft, in the order of the form's fields, in the server's words, or null. */
export function draftProblem(draft: Draft): string | null {
  if (draft.title.trim() === '') return BLOG_MESSAGES.titleRequired
  if (draft.title.trim().length > BLOG_TITLE_MAX_LENGTH) return BLOG_MESSAGES.titleTooLong
  if (draft.metadescription.trim() === '') return BLOG_MESSAGES.metadescriptionRequired
  if (draft.metadescription.trim().length > BLOG_METADESCRIPTION_MAX_LENGTH)
    return BLOG_MESSAGES.metadescriptionTooLong
  if (plainText(draft.content) === '') return BLOG_MESSAGES.contentRequired
  return null
}

function BlogEditor({ blog, onDone }: { blog: ModBlog | null; onDone: () => void }) {
  const id = useId()
  const toast = useToast()
  const create = useCreateBlog()
  const update = useUpdateBlog()
  const upload = useUploadBlogImage()
  const [draft, setDraft] = useState<Draft>(() => draftOf(blog))
  const [problem, setProblem] = useState<string | null>(null)
  const saving = create.isPending || update.isPending

  async function save(status: BlogStatus): Promise<void> {
    const found = draftProblem(draft)
    setProblem(found)
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
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          error={problem?.includes('title') ? problem : undefined}
        />
        <Textarea
          label="Meta description"
          rows={3}
          maxLength={BLOG_METADESCRIPTION_MAX_LENGTH}
          value={draft.metadescription}
          invalid={problem?.includes('meta description')}
          onChange={(event) => setDraft({ ...draft, metadescription: event.target.value })}
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
          onChange={(image) => setDraft({ ...draft, image })}
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
              invalid={problem === 'Please write the article.'}
              initialContent={draft.content}
              onChange={(content) => setDraft((current) => ({ ...current, content }))}
            />
          </Suspense>
        </div>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
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
