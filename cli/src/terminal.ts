import { openSync } from 'node:fs'
import { WriteStream } from 'node:tty'
import type { PostCard } from '@bashboard/server/contract'
import { err } from './colors.ts'
import { CliError } from './errors.ts'
import { stripLine } from './sanitize.ts'

/** Where prompts read keys and draw: never stdout, which carries the answer (the filled command). */
export interface PromptStreams {
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
  close(): void
}

/**
 * The terminal to prompt on: keys from stdin, which must be a terminal (a script's piped stdin never
 * gets a question it cannot answer), drawn on stderr, or on `/dev/tty` when stderr is redirected.
 * stdout is never used: it carries the answer, which shell widgets capture. Null when stdin is not a
 * terminal.
 */
export function promptStreams(): PromptStreams | null {
  if (!process.stdin.isTTY) return null
  if (process.stderr.isTTY) return { input: process.stdin, output: process.stderr, close: () => {} }
  try {
    const ttyOut = new WriteStream(openSync('/dev/tty', 'w'))
    return { input: process.stdin, output: ttyOut, close: () => ttyOut.destroy() }
  } catch {
    return null
  }
}

/** A prompt the user left with Ctrl-C or Ctrl-D. */
function isCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')
}

export async function withPrompt<T>(streams: PromptStreams, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isCancel(error)) throw new CliError('cancelled')
    throw error
  } finally {
    streams.close()
  }
}

/** Asks for each placeholder that has no value yet, in order; an empty answer leaves it as written. */
export async function askValues(
  names: readonly string[],
  values: Record<string, string>,
  streams: PromptStreams,
): Promise<Record<string, string>> {
  // Loaded on demand: most runs never prompt, and scripts should not pay for the prompt library.
  const { input } = await import('@inquirer/prompts')
  const answers = { ...values }
  for (const name of names) {
    if (Object.hasOwn(answers, name)) continue
    answers[name] = await input(
      { message: `${stripLine(name)}:` },
      { input: streams.input, output: streams.output, clearPromptOnDone: false },
    )
  }
  return answers
}

/**
 * The interactive picker: results update as the user types (each keystroke cancels the previous
 * request), Enter picks one.
 */
export async function pickPost(
  streams: PromptStreams,
  initial: string,
  find: (term: string, signal: AbortSignal) => Promise<PostCard[]>,
): Promise<PostCard> {
  const { search } = await import('@inquirer/prompts')
  let first = true
  return await search<PostCard>(
    {
      message: 'Search Bashboard:',
      pageSize: 10,
      source: async (term, { signal }) => {
        // The first render has no input yet: start from the words the widget passed (the prompt line).
        const query = (first && !term ? initial : (term ?? '')).trim()
        first = false
        if (query === '') return []
        const posts = await find(query, signal)
        return posts.map((post) => ({
          value: post,
          name: `${stripLine(post.title)}  ${err.dim(`▲${post.uplikeCount}`)}`,
          description: stripLine(post.command),
          short: stripLine(post.title),
        }))
      },
    },
    { input: streams.input, output: streams.output, clearPromptOnDone: true },
  )
}
