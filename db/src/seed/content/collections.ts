/** A public collection of the demo site: a member's ordered list of other people's commands. */
export interface SeedCollection {
  /** Username of the owner. */
  owner: string
  /** Its name; the slug is made from it, as the app makes it. */
  name: string
  description: string
  /** Titles of the demo commands it holds, in the owner's order. */
  posts: string[]
}

/**
 * Public collections, so a fresh install has a `/c/<owner>/<slug>` page to open (the README's terminal
 * example reads this one) and a profile that lists one.
 */
export const COLLECTIONS: readonly SeedCollection[] = [
  {
    owner: 'kernel_kate',
    name: 'Server first aid',
    description:
      'What I run first when a server misbehaves: what failed, what it logged, what is full and what is listening.',
    posts: [
      'List failed systemd services',
      "Follow a systemd service's logs",
      'Disk space per filesystem, without the noise',
      'Find deleted files that still hold disk space',
      'Memory usage at a glance',
      'List every listening TCP and UDP port with its process',
    ],
  },
]
