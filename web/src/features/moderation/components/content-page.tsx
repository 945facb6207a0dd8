import { useState } from 'react'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { ContentComments } from './content-comments'
import { ContentPosts } from './content-posts'
import { ContentUsers } from './content-users'

type Section = 'posts' | 'comments' | 'users'

const sections: { value: Section; label: string }[] = [
  { value: 'posts', label: 'Posts' },
  { value: 'comments', label: 'Comments' },
  { value: 'users', label: 'Users & roles' },
]

/** The Content tab: find and delete posts or comments, and change users' roles. */
export function ContentPage() {
  useDocumentTitle('Content · Moderation')
  const [section, setSection] = useState<Section>('posts')
  return (
    <section aria-labelledby="mod-content-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mod-content-heading" className="text-lg font-semibold text-fg">
          Content
        </h2>
        <fieldset className="flex gap-1 rounded-lg border border-line bg-surface p-1">
          <legend className="sr-only">Search</legend>
          {sections.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={section === option.value}
              onClick={() => setSection(option.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none',
                section === option.value ? 'bg-accent-soft text-accent-text' : 'text-muted hover:text-fg',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>
      {section === 'posts' ? (
        <ContentPosts />
      ) : section === 'comments' ? (
        <ContentComments />
      ) : (
        <ContentUsers />
      )}
    </section>
  )
}
