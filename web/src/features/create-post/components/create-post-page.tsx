import { Info } from 'lucide-react'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { PostFormFrame } from './post-form-frame'

/** The /create-post screen: categories load first, then the form. */
export function CreatePostPage() {
  useDocumentTitle('Create Post')
  return (
    <PostFormFrame
      prompt="bashboard post --new"
      heading="Create a New Post"
      lead="Share a Linux command that helps you, and explain how it works."
      notice={
        <div className="flex gap-3 rounded-lg border border-line bg-surface-2/60 p-4 text-sm text-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <p>
            Each title and each command must be unique: a post that repeats an existing title or command is
            refused.
          </p>
        </div>
      }
    />
  )
}
