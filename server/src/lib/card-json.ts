import fastJsonStringify from 'fast-json-stringify'
import { PostCard } from '../contract/posts.ts'

/*
 * Each post card's JSON, written once (as UTF-8 bytes) and reused until the card changes. A card
 * object served many times (the page caches' shared cards, lib/post-card-store.ts, and the card
 * presenter's copies of an unchanged row) is serialised once: writing cards was most of what a cached
 * list cost the server, a 21 kB home page each request (bench/README.md, session 21). The response
 * serialiser (infra/response-serializer.ts) splices these into the lists of a response; as bytes, a
 * response is copied together rather than measured and encoded again on the way out.
 *
 * Whoever changes a card in place says so with {@link cardChanged}; only the card store does.
 */

/** fast-json-stringify's writer of one card: the same text Fastify's schema serialiser writes inline. */
const writeCard = fastJsonStringify(PostCard)

/** Held weakly: a card no page refers to any more takes its JSON with it. */
const written = new WeakMap<PostCard, Buffer>()
/** Copies not written yet, with the unchanged card they copy (see {@link copiedCard}). */
const copies = new WeakMap<PostCard, PostCard>()

/** The card's JSON as UTF-8, as the response schema writes it; treat it as read-only. */
export function cardJson(card: PostCard): Buffer {
  let json = written.get(card)
  if (json === undefined) {
    const original = copies.get(card)
    json = original === undefined ? Buffer.from(writeCard(card)) : cardJson(original)
    written.set(card, json)
  }
  return json
}

/** Forgets the JSON of a card changed in place: the next response writes it again. */
export function cardChanged(card: PostCard): void {
  written.delete(card)
  copies.delete(card)
}

/**
 * Lets `copy`, a field-for-field copy of `original`, reuse the original's JSON when it is written:
 * `original` must not change afterwards (`copy` may, through {@link cardChanged}).
 */
export function copiedCard(copy: PostCard, original: PostCard): PostCard {
  copies.set(copy, original)
  return copy
}
