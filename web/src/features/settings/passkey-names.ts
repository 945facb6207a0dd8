import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '@bashboard/server/contract/passkey-messages'

/*
 * Passkey names on this side (docs/product-rules.md#passkeys): a suggestion for a new one, and the
 * check the server makes (trimmed, 1 to PASSKEY_NAME_MAX characters), so a bad name is refused at once.
 */

/** "Chrome on Linux", "Safari on iPhone": where the passkey is being made, as a first name for it. */
export function suggestedPasskeyName(userAgent: string): string {
  const device = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ] as const
  const browser = [
    [/Edg\//, 'Edge'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ] as const
  const on = device.find(([pattern]) => pattern.test(userAgent))?.[1]
  const using = browser.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (using && on) return `${using} on ${on}`
  return using ?? on ?? 'My passkey'
}

/** Why a typed name would be refused, or null when it is fine. */
export function passkeyNameProblem(name: string): string | null {
  const plain = name.trim()
  return plain === '' || [...plain].length > PASSKEY_NAME_MAX ? PASSKEY_MESSAGES.nameInvalid : null
}
