import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type {
  CollectionDetail,
  CollectionPostResponse,
  CollectionSummary,
  MyCollection,
  MyCollectionsResponse,
  PostCard,
  PostDetailResponse,
  ProfileHeader,
  SavedPostsResponse,
  SaveResponse,
  SearchResponse,
  VoteResponse,
} from '@bashboard/server/contract'
import {
  fillPlaceholders,
  findPlaceholders,
  unfilledPlaceholders,
} from '@bashboard/server/contract/placeholders'
import { countOf } from '@bashboard/server/contract/plurals'
import { ApiError, createClient } from './api.ts'
import { copyText } from './clipboard.ts'
import { err, out } from './colors.ts'
import { configPath, deleteConfigToken, writeConfig } from './config.ts'
import type { Context } from './context.ts'
import { CliError, EXIT, UsageError } from './errors.ts'
import { jsonPost, renderListItem, renderPost } from './render.ts'
import { safeJson, stripControls, stripLine } from './sanitize.ts'
import { askValues, pickPost, promptStreams, withPrompt } from './terminal.ts'
import { widgetScript } from './widget.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TOKEN_SHAPE = /^bb_pat_[0-9A-Za-z]{43}$/
const EXPORT_FORMATS = ['navi', 'tldr', 'json'] as const

function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
}

function printJson(value: unknown): void {
  print(safeJson(value))
}

function note(text: string): void {
  process.stderr.write(`${text}\n`)
}

function notFound(what: string, baseUrl: string): CliError {
  return new CliError(`no ${what} on ${baseUrl}`, EXIT.notFound)
}

/** Turns the API's 404 into "no command "x"" (exit 4); everything else passes through. */
async function orNotFound<T>(what: string, baseUrl: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(what, baseUrl)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

async function searchOnline(
  context: Context,
  words: string,
  limit: number,
  signal?: AbortSignal,
): Promise<PostCard[]> {
  const query = new URLSearchParams({ search: words, limit: String(limit) })
  const path = `/api/posts/v1/search?${query}`
  if (signal?.aborted) return []
  const answer = await context.read<SearchResponse>(path)
  return answer.posts
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return 10
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 50)
    throw new UsageError('--limit must be 1 to 50')
  return Number(raw)
}

export async function searchCommand(
  context: Context,
  words: string[],
  options: { json?: boolean; limit?: string; pick?: boolean; set?: string[] },
): Promise<void> {
  const text = words.join(' ').trim()
  const limit = parseLimit(options.limit)
  if (options.pick) {
    await pickCommand(context, text, options.set ?? [])
    return
  }
  if (text === '') throw new UsageError('search needs some words, e.g. `bashboard search find large files`')
  const posts = await context.withFallback(
    () => searchOnline(context, text, limit),
    (cache) => cache.search(text).slice(0, limit),
  )
  if (options.json) {
    printJson({ query: text, results: posts.map((post) => jsonPost(context.baseUrl, post)) })
    return
  }
  if (posts.length === 0) {
    note(`no commands match "${stripLine(text)}"`)
    return
  }
  print(posts.map((post, index) => renderListItem(post, index)).join('\n\n'))
}

/** The post, from the site (and then kept in the cache) or, when the site is unreachable, from the cache. */
async function loadPost(context: Context, idOrSlug: string): Promise<PostDetailResponse> {
  const key = idOrSlug.trim()
  if (key === '') throw new UsageError('name a command by its slug or id')
  const detail = await context.withFallback(
    () =>
      orNotFound(`command "${stripLine(key)}"`, context.baseUrl, () =>
        context.read<PostDetailResponse>(`/api/posts/${encodeURIComponent(key)}`),
      ),
    (cache) => {
      const post = cache.findPost(key)
      return post
        ? { post, isLiked: false, isDisliked: false, isSaved: post.isSaved, related: [], liveId: '' }
        : undefined
    },
  )
  if (detail.liveId !== '') (await context.cache()).rememberPosts([detail.post])
  return detail
}

export async function showCommand(
  context: Context,
  slug: string,
  options: { json?: boolean },
): Promise<void> {
  const detail = await loadPost(context, slug)
  const vote = detail.isLiked ? 'up' : detail.isDisliked ? 'down' : undefined
  if (options.json) {
    printJson({ post: jsonPost(context.baseUrl, detail.post), vote: vote ?? null })
    return
  }
  print(renderPost(context.baseUrl, detail.post, vote))
}

/** `name=value` pairs from repeated `--set`; the value may itself contain `=`. */
function parseSets(sets: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const pair of sets) {
    const at = pair.indexOf('=')
    if (at <= 0) throw new UsageError(`--set takes name=value, got "${pair}"`)
    values[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return values
}

function warnIfDangerous(post: PostCard): void {
  for (const warning of post.safety.warnings) note(err.red(`⚠ ${stripLine(warning.message)}`))
}

/** A command filled in, with the placeholders still as written in it (no value, or a blank one). */
interface Filled {
  command: string
  unfilled: string[]
}

/** Fills the command's placeholders from `--set`, asking on the terminal for the others. */
async function fillPost(post: PostCard, sets: readonly string[], interactive: boolean): Promise<Filled> {
  const names = findPlaceholders(post.command)
  const values = parseSets(sets)
  const unknown = Object.keys(values).filter((name) => !names.includes(name))
  if (unknown.length > 0) {
    const known = names.length > 0 ? `its placeholders are: ${names.join(', ')}` : 'it has no placeholders'
    throw new UsageError(`"${stripLine(post.slug)}" has no placeholder ${unknown.join(', ')} (${known})`)
  }
  const missing = names.filter((name) => !Object.hasOwn(values, name))
  let answers = values
  if (missing.length > 0) {
    const streams = interactive ? promptStreams() : null
    if (!streams) {
      throw new UsageError(
        `missing values for ${missing.join(', ')}: pass --set name=value for each (stdin is not a terminal to ask on)`,
      )
    }
    note(`${err.bold(stripLine(post.title))}\n${err.dim(stripControls(post.command))}`)
    answers = await withPrompt(streams, () => askValues(names, values, streams))
  }
  return {
    command: stripControls(fillPlaceholders(post.command, answers)),
    unfilled: unfilledPlaceholders(post.command, answers).map(stripLine),
  }
}

/**
 * Says on stderr which placeholders a handed-over command still holds (a blank answer or `--set name=`
 * fills nothing), so nobody pastes `<host>` into a shell thinking the command is ready.
 */
function noteUnfilled(unfilled: readonly string[]): void {
  if (unfilled.length === 0) return
  note(err.yellow(`${countOf(unfilled.length, 'placeholder')} unfilled: ${unfilled.join(', ')}`))
}

async function deliver(command: string, copy: boolean): Promise<void> {
  if (!copy) {
    print(command)
    return
  }
  const method = await copyText(command)
  if (method === 'printed') note(err.dim('no clipboard available: printed the command instead'))
  else if (method === 'osc52') note(err.green('copied to the clipboard (through the terminal, OSC 52)'))
  else note(err.green(`copied to the clipboard (${method})`))
}

export async function fillCommand(
  context: Context,
  slug: string,
  options: { set?: string[]; copy?: boolean; json?: boolean },
): Promise<void> {
  const { post } = await loadPost(context, slug)
  warnIfDangerous(post)
  const { command, unfilled } = await fillPost(post, options.set ?? [], !options.json)
  if (options.json) {
    printJson({ id: post._id, slug: post.slug, title: post.title, command, unfilled })
    return
  }
  await deliver(command, Boolean(options.copy))
  noteUnfilled(unfilled)
}

export async function copyCommand(
  context: Context,
  slug: string,
  options: { set?: string[] },
): Promise<void> {
  const { post } = await loadPost(context, slug)
  warnIfDangerous(post)
  const sets = options.set ?? []
  const { command, unfilled } =
    sets.length > 0
      ? await fillPost(post, sets, false)
      : {
          command: stripControls(post.command),
          unfilled: unfilledPlaceholders(post.command, {}).map(stripLine),
        }
  await deliver(command, true)
  noteUnfilled(unfilled)
}

async function pickCommand(context: Context, initial: string, sets: readonly string[]): Promise<void> {
  const streams = promptStreams()
  if (!streams) throw new UsageError('search --pick needs a terminal (stdin) to show the picker on')
  const post = await withPrompt(streams, () =>
    pickPost(streams, initial, (term, signal) =>
      context.withFallback(
        () => searchOnline(context, term, 20, signal),
        (cache) => cache.search(term).slice(0, 20),
      ),
    ),
  )
  warnIfDangerous(post)
  // The picker's own streams are closed now; filling opens the terminal afresh.
  const { command, unfilled } = await fillPost(post, sets, true)
  print(command)
  noteUnfilled(unfilled)
}

// ---------------------------------------------------------------------------------------------
// Votes and saves
// ---------------------------------------------------------------------------------------------

/** The post's id: given as one, or looked up by slug. */
async function postId(context: Context, idOrSlug: string): Promise<{ id: string; title: string | null }> {
  if (UUID.test(idOrSlug)) return { id: idOrSlug.toLowerCase(), title: null }
  const { post } = await loadPost(context, idOrSlug)
  return { id: post._id, title: post.title }
}

export async function voteCommand(
  context: Context,
  direction: 'up' | 'down',
  slug: string,
  options: { json?: boolean },
): Promise<void> {
  const { id, title } = await postId(context, slug)
  const answer = await orNotFound(`command "${stripLine(slug)}"`, context.baseUrl, () =>
    context.client.request<VoteResponse>(
      'POST',
      `/api/posts/${direction === 'up' ? 'upvote' : 'downvote'}/${id}`,
      {
        auth: 'required',
      },
    ),
  )
  if (options.json) {
    printJson({
      id: answer.postId,
      upvotes: answer.uplikeCount,
      downvotes: answer.downlikeCount,
      vote: answer.isLiked ? 'up' : answer.isDisliked ? 'down' : null,
      changed: answer.changed,
    })
    return
  }
  const what = title ? `"${stripLine(title)}"` : id
  // Pressing the vote already held changes nothing on the site (no toggle off), so say so rather
  // than report a new vote.
  const verb = `${answer.changed ? '' : 'already '}${direction === 'up' ? 'upvoted' : 'downvoted'}`
  const mark = direction === 'up' ? out.green(`▲ ${verb}`) : out.red(`▼ ${verb}`)
  print(`${mark} ${what}  ${out.dim(`▲ ${answer.uplikeCount}  ▼ ${answer.downlikeCount}`)}`)
}

async function myCollections(context: Context): Promise<MyCollection[]> {
  const answer = await context.client.request<MyCollectionsResponse>('GET', '/api/collections', {
    auth: 'required',
  })
  const cache = await context.cache()
  cache.setCollections(answer.collections)
  return answer.collections
}

/** A collection named by id, slug or name (case-insensitive), among the caller's. */
function findCollection<T extends CollectionSummary>(collections: readonly T[], name: string): T | undefined {
  const wanted = name.trim().toLowerCase()
  return (
    collections.find((collection) => collection._id === wanted) ??
    collections.find((collection) => collection.slug.toLowerCase() === wanted) ??
    collections.find((collection) => collection.name.toLowerCase() === wanted)
  )
}

export async function saveCommand(
  context: Context,
  slug: string,
  options: { to?: string; json?: boolean },
): Promise<void> {
  const { id, title } = await postId(context, slug)
  const what = title ? `"${stripLine(title)}"` : id
  const cache = await context.cache()
  if (options.to !== undefined) {
    const name = options.to.trim()
    if (name === '') throw new UsageError('--to needs a collection name')
    let collection: CollectionSummary | undefined = findCollection(await myCollections(context), name)
    let created = false
    if (!collection) {
      collection = await context.client.request<CollectionSummary>('POST', '/api/collections', {
        auth: 'required',
        body: { name, public: false },
      })
      created = true
    }
    const answer = await orNotFound(`command "${stripLine(slug)}"`, context.baseUrl, () =>
      context.client.request<CollectionPostResponse>('POST', `/api/collections/${collection._id}/posts`, {
        auth: 'required',
        body: { postId: id },
      }),
    )
    cache.markSaved(id, true)
    if (options.json) {
      printJson({
        id,
        saved: answer.saved,
        saves: answer.savedCount,
        collection: answer.collection.name,
        created,
      })
      return
    }
    if (created) note(err.dim(`created the private collection "${stripLine(answer.collection.name)}"`))
    print(`${out.magenta('★ saved')} ${what} to "${stripLine(answer.collection.name)}"`)
    return
  }
  const answer = await orNotFound(`command "${stripLine(slug)}"`, context.baseUrl, () =>
    context.client.request<SaveResponse>('POST', `/api/posts/${id}/save`, { auth: 'required' }),
  )
  cache.markSaved(id, true)
  if (options.json) {
    printJson({ id, saved: answer.saved, saves: answer.savedCount })
    return
  }
  print(`${out.magenta('★ saved')} ${what}`)
}

export async function unsaveCommand(
  context: Context,
  slug: string,
  options: { json?: boolean },
): Promise<void> {
  const { id, title } = await postId(context, slug)
  const answer = await orNotFound(`command "${stripLine(slug)}"`, context.baseUrl, () =>
    context.client.request<SaveResponse>('DELETE', `/api/posts/${id}/save`, { auth: 'required' }),
  )
  ;(await context.cache()).markSaved(id, false)
  if (options.json) {
    printJson({ id, saved: answer.saved, saves: answer.savedCount })
    return
  }
  print(`removed ${title ? `"${stripLine(title)}"` : id} from your saved commands`)
}

export async function savedCommand(context: Context, options: { json?: boolean }): Promise<void> {
  const posts = await context.withFallback(
    async () => {
      const all: PostCard[] = []
      // 20 a page; the loop stops at the last page (and at 50 pages, 1000 commands, whatever happens).
      for (let page = 1; page <= 50; page++) {
        const answer = await context.client.request<SavedPostsResponse>(
          'GET',
          `/api/users/me/saved?page=${page}`,
          {
            auth: 'required',
          },
        )
        all.push(...answer.posts)
        if (page >= answer.pagination.totalPages) break
      }
      ;(await context.cache()).setSaved(all)
      return all
    },
    (cache) => cache.saved() ?? undefined,
  )
  if (options.json) {
    printJson({ results: posts.map((post) => jsonPost(context.baseUrl, post)) })
    return
  }
  if (posts.length === 0) {
    note('you have no saved commands yet: `bashboard save <slug>` keeps one')
    return
  }
  print(posts.map((post, index) => renderListItem(post, index)).join('\n\n'))
}

function jsonCollection(collection: CollectionSummary) {
  return {
    id: collection._id,
    name: collection.name,
    slug: collection.slug,
    description: collection.description,
    public: collection.public,
    owner: collection.owner.username,
    commands: collection.postCount,
    url: collection.url,
  }
}

export async function collectionsCommand(
  context: Context,
  name: string | undefined,
  options: { json?: boolean },
): Promise<void> {
  const collections = await context.withFallback(
    () => myCollections(context),
    (cache) => cache.collections() ?? undefined,
  )
  if (name === undefined) {
    if (options.json) {
      printJson({ collections: collections.map(jsonCollection) })
      return
    }
    if (collections.length === 0) {
      note('you have no collections yet: `bashboard save <slug> --to <name>` makes one')
      return
    }
    for (const collection of collections) {
      const visibility = collection.public ? out.green('public') : out.dim('private')
      print(
        `${out.bold(stripLine(collection.name))}  ${out.dim(`${countOf(collection.postCount, 'command')} ·`)} ${visibility}  ${out.dim(stripLine(collection.slug))}`,
      )
      if (collection.description) print(`  ${stripLine(collection.description)}`)
    }
    return
  }
  const summary = findCollection(collections, name)
  if (!summary) throw notFound(`collection "${stripLine(name)}" of yours`, context.baseUrl)
  const posts = await context.withFallback(
    async () => {
      const detail = await context.client.request<CollectionDetail>(
        'GET',
        `/api/collections/${summary._id}`,
        {
          auth: 'required',
        },
      )
      ;(await context.cache()).setCollectionPosts(summary._id, detail.posts)
      return detail.posts
    },
    (cache) => cache.collectionPosts(summary._id) ?? undefined,
  )
  if (options.json) {
    printJson({
      collection: jsonCollection(summary),
      results: posts.map((post) => jsonPost(context.baseUrl, post)),
    })
    return
  }
  print(out.bold(stripLine(summary.name)))
  if (summary.description) print(stripLine(summary.description))
  print('')
  print(
    posts.length === 0
      ? out.dim('(empty)')
      : posts.map((post, index) => renderListItem(post, index)).join('\n\n'),
  )
}

export async function exportCommand(
  context: Context,
  options: { collection?: string; format?: string; output?: string },
): Promise<void> {
  const format = options.format ?? 'navi'
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`)
  }
  let path = `/api/users/me/saved/export?format=${format}`
  if (options.collection !== undefined) {
    const collection = findCollection(await myCollections(context), options.collection)
    if (!collection) throw notFound(`collection "${stripLine(options.collection)}" of yours`, context.baseUrl)
    path = `/api/collections/${collection._id}/export?format=${format}`
  }
  const body = await context.client.text(path, { auth: 'required' })
  // JSON keeps every character (escaped, so it is inert); text formats lose control sequences.
  const content = format === 'json' ? `${safeJson(JSON.parse(body))}\n` : stripControls(body)
  if (options.output) {
    // navi's cheats folder (the README's example) need not exist yet on a machine that just installed it.
    await mkdir(dirname(options.output), { recursive: true })
    await writeFile(options.output, content)
    note(err.green(`wrote ${options.output}`))
    return
  }
  process.stdout.write(content.endsWith('\n') ? content : `${content}\n`)
}

// ---------------------------------------------------------------------------------------------
// Account
// ---------------------------------------------------------------------------------------------

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function loginCommand(
  context: Context,
  options: { token?: string; json?: boolean },
): Promise<void> {
  let token = options.token ?? process.env.BASHBOARD_TOKEN
  if (token === undefined) {
    if (process.stdin.isTTY && process.stderr.isTTY) {
      note(
        `Create a personal access token on ${context.baseUrl} under Settings → Access tokens, then paste it here.\n` +
          err.dim('(bashboard never asks for your password)'),
      )
      const { password } = await import('@inquirer/prompts')
      try {
        token = await password({ message: 'Access token:', mask: '•' }, { output: process.stderr })
      } catch (error) {
        if (error instanceof Error && error.name === 'ExitPromptError') throw new CliError('cancelled')
        throw error
      }
    } else {
      // `bashboard login < token-file` or `pass show bashboard | bashboard login`.
      token = await readStdin()
    }
  }
  token = token.trim()
  if (!TOKEN_SHAPE.test(token)) {
    throw new UsageError(
      'that is not a Bashboard personal access token (they start with bb_pat_ and are 50 characters long).\n' +
        'Create one under Settings → Access tokens; bashboard never uses your password.',
    )
  }
  const client = createClient(context.baseUrl, token)
  let username: string | undefined
  let limited = false
  try {
    const me = await client.request<ProfileHeader>('GET', '/api/website/user/profile/header')
    username = me.username
  } catch (error) {
    // A token without the read scope is still a good token (for voting or saving only).
    if (!(error instanceof ApiError && error.status === 403)) throw error
    limited = true
  }
  await writeConfig({ ...context.config, token, url: context.baseUrl, ...(username ? { username } : {}) })
  if (options.json) {
    printJson({ url: context.baseUrl, username: username ?? null, config: configPath() })
    return
  }
  print(`Logged in to ${context.baseUrl}${username ? ` as ${out.bold(stripLine(username))}` : ''}.`)
  note(err.dim(`token saved in ${configPath()} (readable by you only)`))
  if (limited)
    note(err.yellow('this token has no "read" scope: whoami, saved and collections will be refused'))
}

export async function whoamiCommand(context: Context, options: { json?: boolean }): Promise<void> {
  const me = await context.client.request<ProfileHeader>('GET', '/api/website/user/profile/header', {
    auth: 'required',
  })
  if (options.json) {
    printJson({
      url: context.baseUrl,
      username: me.username,
      role: me.role,
      points: me.points,
      badge: me.badge,
    })
    return
  }
  print(
    `${out.bold(stripLine(me.username))} ${out.dim(`(${me.role}, ${countOf(me.points, 'point')}, ${stripLine(me.badge)})`)} on ${context.baseUrl}`,
  )
}

export async function logoutCommand(): Promise<void> {
  const removed = await deleteConfigToken()
  print(removed ? `Logged out: the token was removed from ${configPath()}.` : 'You were not logged in.')
  note(err.dim('To revoke the token itself, use Settings → Access tokens on the website.'))
  if (process.env.BASHBOARD_TOKEN) note(err.yellow('BASHBOARD_TOKEN is still set in your environment.'))
}

export function widgetCommand(shell: string): void {
  process.stdout.write(widgetScript(shell))
}
