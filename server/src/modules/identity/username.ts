import { ACCOUNT_LIMITS } from '../../contract/limits.ts'
import { USERNAME_PATTERN } from '../../lib/credentials.ts'

/**
 * The username offered to a member signing up through a provider: the provider's login (GitHub's is
 * usually a valid username as is) or name, else the address's local part, reduced to the characters
 * a username allows. May still be taken; the member then picks another.
 */
export function proposeUsername(login: string | null, email: string): string {
  for (const source of [login, email.split('@')[0] ?? '']) {
    if (source === null) continue
    const candidate = source
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '-')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, ACCOUNT_LIMITS.usernameMaxLength)
    if (USERNAME_PATTERN.test(candidate)) return candidate
  }
  return ''
}
