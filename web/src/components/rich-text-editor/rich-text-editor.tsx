import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  Bold,
  Code2,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  RemoveFormatting,
  Strikethrough,
  Underline,
} from 'lucide-react'
import { useEffect } from 'react'
import { cn } from '../../lib/cn'

export interface RichTextEditorProps {
  /** Id of the visible label, so the editing area is announced by name. */
  labelledBy: string
  /** Id of help or error text under the editor. */
  describedBy?: string | undefined
  invalid?: boolean
  /** Called with the editor's HTML after every change. */
  onChange: (html: string) => void
  /** HTML to start from (an article being edited); read once when the editor mounts. */
  initialContent?: string
}

/**
 * A link target the server keeps: http(s) or mailto; a bare host gets https://
 * (docs/product-rules.md#ad-clicks).
 */
export function normaliseLinkUrl(input: string): string | null {
  const value = input.trim()
  if (value === '') return null
  if (/^mailto:/i.test(value)) return value
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

interface ToolbarAction {
  label: string
  Icon: LucideIcon
  isActive: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

function editLink(editor: Editor): void {
  const current = editor.getAttributes('link').href as string | undefined
  const answer = window.prompt('Link URL (leave empty to remove the link)', current ?? 'https://')
  if (answer === null) return
  const href = normaliseLinkUrl(answer)
  const chain = editor.chain().focus().extendMarkRange('link')
  if (href === null) chain.unsetLink().run()
  else chain.setLink({ href }).run()
}

// The toolbar matches the server's HTML allowlist (docs/product-rules.md#rich-text): nothing here is stripped
// on save.
const groups: ToolbarAction[][] = [
  ([1, 2, 3] as const).map((level) => ({
    label: `Heading ${level}`,
    Icon: [Heading1, Heading2, Heading3][level - 1] ?? Heading1,
    isActive: (editor: Editor) => editor.isActive('heading', { level }),
    run: (editor: Editor) => editor.chain().focus().toggleHeading({ level }).run(),
  })),
  [
    {
      label: 'Bold',
      Icon: Bold,
      isActive: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: 'Italic',
      Icon: Italic,
      isActive: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: 'Underline',
      Icon: Underline,
      isActive: (e) => e.isActive('underline'),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      label: 'Strikethrough',
      Icon: Strikethrough,
      isActive: (e) => e.isActive('strike'),
      run: (e) => e.chain().focus().toggleStrike().run(),
    },
  ],
  [
    {
      label: 'Bullet list',
      Icon: List,
      isActive: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      Icon: ListOrdered,
      isActive: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: 'Quote',
      Icon: Quote,
      isActive: (e) => e.isActive('blockquote'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    {
      label: 'Code block',
      Icon: Code2,
      isActive: (e) => e.isActive('codeBlock'),
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
    },
  ],
  [
    { label: 'Link', Icon: Link2, isActive: (e) => e.isActive('link'), run: editLink },
    {
      label: 'Clear formatting',
      Icon: RemoveFormatting,
      isActive: () => false,
      run: (e) => e.chain().focus().unsetAllMarks().clearNodes().run(),
    },
  ],
]

const allActions = groups.flat()

function Toolbar({ editor }: { editor: Editor }) {
  // Re-render the buttons only when an active state changes, not on every keystroke.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => allActions.map((action) => action.isActive(current)),
  })
  let index = 0
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-line bg-surface-2/70 p-1.5"
    >
      {groups.map((group, groupIndex) => (
        <div
          // The groups are a fixed list; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={groupIndex}
          className={cn('flex items-center gap-0.5', groupIndex > 0 && 'border-l border-line pl-1')}
        >
          {group.map((action) => {
            const pressed = action.label === 'Clear formatting' ? undefined : (active[index] ?? false)
            index += 1
            const { Icon } = action
            return (
              <button
                key={action.label}
                type="button"
                title={action.label}
                aria-label={action.label}
                aria-pressed={pressed}
                onClick={() => action.run(editor)}
                className={cn(
                  'inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-3 hover:text-fg',
                  pressed && 'bg-accent-soft text-accent-text',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
}

// The editor's content styled like the published description (no typography plugin in this build).
const richTextClasses = [
  'min-h-48 px-4 py-3 text-sm leading-6 text-fg break-words whitespace-pre-wrap focus:outline-none',
  '[&_h1]:mt-3 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mt-3 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:my-1.5 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-accent/60 [&_blockquote]:pl-3 [&_blockquote]:text-muted',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-terminal [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-[13px] [&_pre]:text-[#d8f5e3]',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-surface-3 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[13px]',
  '[&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-2',
].join(' ')

/**
 * The rich-text field (tiptap) whose toolbar matches the server's HTML allowlist: post descriptions in
 * the create-post form and articles in the console's blog desk. Loaded lazily by both.
 */
export default function RichTextEditor({
  labelledBy,
  describedBy,
  invalid,
  onChange,
  initialContent = '',
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // A rule is not in the server's allowlist, so the editor does not offer it.
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // No `protocols`: linkify knows http, https and mailto itself, and the extension registers
          // each listed scheme again on every editor it starts. Once linkify has read a link
          // (autolink, paste), that re-registration is what warned "linkifyjs: already initialized";
          // the schemes a link may use are the server's allowlist and SafeHtml's.
          HTMLAttributes: { rel: 'noopener nofollow ugc', target: null },
        },
      }),
    ],
    content: initialContent,
    // The site's CSP allows no inline styles; the few rules tiptap would inject are in the classes below.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: richTextClasses,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  })

  // The attributes above are read once; the error state (and the error line it points at) changes
  // while the editor lives. The view exists only once the editor has mounted, which can come after this
  // effect's first run.
  useEffect(() => {
    const apply = (): void => {
      const dom = editor.view.dom
      if (invalid) dom.setAttribute('aria-invalid', 'true')
      else dom.removeAttribute('aria-invalid')
      if (describedBy) dom.setAttribute('aria-describedby', describedBy)
      else dom.removeAttribute('aria-describedby')
    }
    if (editor.isInitialized) {
      apply()
      return
    }
    editor.on('create', apply)
    return () => {
      editor.off('create', apply)
    }
  }, [editor, invalid, describedBy])

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border bg-surface-2 transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40',
        invalid ? 'border-danger' : 'border-line hover:border-line-strong',
      )}
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  )
}
