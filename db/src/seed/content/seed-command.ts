/** The shape of a demo command, shared by the seed's command lists (which import nothing else of each other). */

export interface SeedComment {
  /** Username of the commenter. */
  author: string
  text: string
  /** Hours after the post was published. */
  after: number
}

export interface SeedCommand {
  title: string
  command: string
  /** Category slug. */
  category: string
  /** Username of the author (a contributor or moderator). */
  author: string
  /** The program names in the pipeline (without sudo/env), as the server derives them. */
  tags: string[]
  /** When it was posted, in days (and extra hours) before the seed runs. */
  daysAgo: number
  hoursAgo?: number
  /** Description HTML, using only p, strong, em, code, ul, li, pre and a. */
  description: string
  comments?: SeedComment[]
}
