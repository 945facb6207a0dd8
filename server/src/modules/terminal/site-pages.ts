/*
 * The web app's pages that only make sense in a browser (forms, the console, the reading pages). A
 * text client asking for one is told what the page is, its address for a browser, and where the
 * terminal's own pages are; a browser gets the web app as before. site-pages.test.ts checks that every
 * route of the web app (web/src/routes) is answered for text, by these or by a page of its own.
 */

/** A page of the site for browsers only. */
export interface BrowserPage {
  /** The route as the server writes it (`:slug` for a parameter). */
  route: string
  /** What the page is, in a few words. */
  title: string
  /** A terminal page showing something like it, from the route's parameters (an address path and why). */
  instead?: (params: Readonly<Record<string, string>>) => { note: string; path: string }
}

const browse = () => ({ note: 'Every command, newest first', path: '/browse' })

/** Every page of the web app that has no text of its own, in the order `/:help` names them. */
export const BROWSER_PAGES: readonly BrowserPage[] = [
  { route: '/login', title: 'Sign in' },
  { route: '/register', title: 'Create an account' },
  { route: '/forgot-password', title: 'Reset your password' },
  { route: '/sign-in/provider', title: 'Finish signing in with GitHub or Google' },
  {
    route: '/account/:action',
    title: 'A link from one of our mails (verify, reset a password, unsubscribe)',
  },
  { route: '/settings', title: 'Your settings and access tokens' },
  { route: '/notifications', title: 'Your notifications' },
  {
    route: '/profile',
    title: 'Your profile',
    instead: () => ({ note: "A member's public page", path: '/u/<username>' }),
  },
  { route: '/application', title: 'Apply to become a contributor' },
  { route: '/create-post', title: 'Share a command' },
  { route: '/post', title: 'Posts (the site opens Browse)', instead: browse },
  {
    route: '/post/:slug/edit',
    title: 'Edit a post',
    instead: ({ slug = '' }) => ({ note: 'Read the post', path: `/post/${encodeURIComponent(slug)}` }),
  },
  { route: '/post/:slug/history', title: "A post's earlier versions, with what each edit changed" },
  { route: '/mod', title: 'The moderation console' },
  { route: '/mod/activity', title: 'The moderation console: live activity' },
  { route: '/mod/applications', title: 'The moderation console: contributor applications' },
  { route: '/mod/content', title: 'The moderation console: posts, comments and members' },
  { route: '/mod/audit', title: 'The moderation console: audit log' },
  { route: '/mod/blog', title: 'The moderation console: blog articles' },
  { route: '/mod/ads', title: 'The moderation console: ads' },
  { route: '/help', title: 'Help' },
  {
    route: '/api',
    title: 'The REST API and the live channel',
    instead: () => ({ note: 'The API described as OpenAPI JSON', path: '/api/openapi.json' }),
  },
  { route: '/guidelines', title: 'Community guidelines' },
  { route: '/contribute', title: 'How to contribute' },
  { route: '/moderators', title: 'The moderators' },
  { route: '/feedback', title: 'Send feedback' },
  { route: '/privacy', title: 'Privacy policy' },
  { route: '/terms', title: 'Terms of use' },
  { route: '/contact', title: 'Contact' },
]
