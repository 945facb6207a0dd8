import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { newestSocket } from '../../../test/fake-socket'
import { errorBody, mockApi } from '../../../test/mock-api'
import { browseFixture, detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

const post = postFixture({ title: 'Count lines fast', uplikeCount: 3, downlikeCount: 1, viewCount: 90 })

function mockDetail() {
  return mockApi({
    [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
    'GET /api/posts/old-title': { status: 200, body: detailFixture({ post }) },
    [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
  })
}

describe('PostDetailPage', () => {
  it('shows the post with its statistics, upvote percentage and metadata', async () => {
    mockDetail()
    renderApp(`/post/${post.slug}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Count lines fast' })).toBeInTheDocument()
    const stats = screen.getByText('Post Statistics').closest('div') as HTMLElement
    expect(within(stats).getByText('75%')).toBeInTheDocument()
    expect(screen.getByTestId('upvote-percentage')).toHaveTextContent('75% upvoted')
    expect(within(stats).getByText('90')).toBeInTheDocument()
    expect(screen.getByText('About the Author')).toBeInTheDocument()
    expect((await screen.findAllByText('[Advertisement Space - 728x90]')).length).toBeGreaterThan(0)
    await waitFor(() => expect(document.title).toBe('Count lines fast | Bashboard'))
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Lists every file with sizes.',
    )
  })

  it('reads "no votes yet", never "0% upvoted", for a post nobody voted on', async () => {
    const unvoted = postFixture({ title: 'Nobody voted', uplikeCount: 0, downlikeCount: 0 })
    mockApi({
      [`GET /api/posts/${unvoted.slug}`]: { status: 200, body: detailFixture({ post: unvoted }) },
      [`GET /api/comments/${unvoted._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    })
    renderApp(`/post/${unvoted.slug}`)
    await screen.findByRole('heading', { level: 1, name: 'Nobody voted' })
    expect(screen.getByTestId('upvote-percentage')).toHaveTextContent(/^no votes yet$/)
    const stats = screen.getByText('Post Statistics').closest('div') as HTMLElement
    expect(within(stats).getByText('Upvote ratio').closest('div')).toHaveTextContent('no votes yet')
    expect(document.body).not.toHaveTextContent(/0% upvoted/)
  })

  it('puts the title and command before the sidebars, so a phone reads them first', async () => {
    mockDetail()
    renderApp(`/post/${post.slug}`)
    const title = await screen.findByRole('heading', { level: 1, name: 'Count lines fast' })
    const command = screen.getAllByText(post.command)[0] as HTMLElement
    for (const sidebar of ['Post actions', 'About this command']) {
      const aside = screen.getByRole('complementary', { name: sidebar })
      expect(title.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING, sidebar).toBeTruthy()
      expect(command.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING, sidebar).toBeTruthy()
    }
  })

  it('replaces a slug that differs from the post slug with the canonical one', async () => {
    mockDetail()
    const { router } = renderApp('/post/old-title')
    await screen.findByRole('heading', { level: 1, name: 'Count lines fast' })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${post.slug}`))
  })

  it('says the post was not found, with a way back to Browse', async () => {
    mockApi({ 'GET /api/posts/gone': { status: 404, body: errorBody(404, 'Post not found') } })
    renderApp('/post/gone')
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument()
    expect(
      screen.getByText("The post you're looking for doesn't exist or has been removed"),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Commands' })).toHaveAttribute('href', '/browse')
  })

  it('copies the page URL when the device has no share sheet', async () => {
    mockDetail()
    renderApp(`/post/${post.slug}`)
    await screen.findByRole('heading', { level: 1, name: 'Count lines fast' })
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(await screen.findByText('Link Copied!')).toBeInTheDocument()
    expect(screen.getByText('Post URL copied to clipboard.')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(window.location.href)
  })

  it('sends /post without a slug to Browse', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture() } })
    const { router } = renderApp('/post')
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'))
  })

  it('shows a renamed author’s new name and avatar on the post and on their comment, live', async () => {
    const comment = {
      _id: '00000000-0000-4000-8000-0000000001f1',
      postId: post._id,
      content: 'Also try wc -l on big files',
      createdAt: post.createdAt,
      author: {
        _id: post.author._id,
        username: post.author.username,
        avatar: null,
        badge: post.author.badge,
      },
    }
    mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [comment], liveId: '9' } },
    })
    const { sockets } = renderApp(`/post/${post.slug}`)
    await screen.findByRole('article', { name: `Comment by ${post.author.username}` })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    // The page holds `posts`, which carries `author.updated`, beside the post's own topic.
    await waitFor(() =>
      expect(socket.sentOfType('subscribe').flatMap((message) => message.topics)).toEqual(
        expect.arrayContaining([`post:${post._id}`, 'posts']),
      ),
    )

    act(() =>
      socket.receive({
        type: 'event',
        topic: 'posts',
        event: 'author.updated',
        id: '40',
        data: { userId: post.author._id, username: 'grace_h', avatar: '/uploads/avatars/grace.png' },
      }),
    )
    const renamed = await screen.findByRole('article', { name: 'Comment by grace_h' })
    expect(renamed.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/grace.png')
    // The byline and the About the Author card.
    expect(screen.getAllByText('grace_h').length).toBeGreaterThanOrEqual(3)
    expect(screen.queryByText(post.author.username)).not.toBeInTheDocument()
  })
})
