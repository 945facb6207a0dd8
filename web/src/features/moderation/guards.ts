import { type GuardArgs, loadSignedInUser } from '../../lib/route-guards'

/**
 * beforeLoad guard of /mod: guests go to /login. Signed-in users get through, and the console's layout
 * shows the 403 page unless they are moderators (the header is loaded here so that is known at once).
 */
export async function requireSignedInForConsole(args: GuardArgs): Promise<void> {
  await loadSignedInUser(args)
}
