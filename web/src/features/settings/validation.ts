import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  AVATAR_CROP_INVALID,
  AVATAR_MAX_BYTES,
  IMAGE_MESSAGES,
} from '@bashboard/server/contract/limits'
import type { FieldMessages } from '../../lib/form-failure'

/**
 * The messages of docs/product-rules.md#settings, word for word. The avatar and password rules are the
 * server's too, so their texts are the ones it answers.
 */
export const SETTINGS_MESSAGES = {
  avatarType: IMAGE_MESSAGES.invalidType,
  avatarSize: IMAGE_MESSAGES.tooLarge,
  avatarUnreadable: 'This image could not be read. Please choose another JPEG, JPG or PNG file.',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  currentPasswordRequired: 'Current password is required',
  passwordMismatch: "New passwords don't match",
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
} as const

/** docs/product-rules.md#settings: a new password has at least 6 characters (the server's limit). */
export const MIN_PASSWORD_LENGTH = ACCOUNT_LIMITS.passwordMinLength

/** Largest avatar, in megabytes, as the picker's hint says it. */
export const AVATAR_MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024)

const AVATAR_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png'])
const AVATAR_EXTENSION = /\.(jpe?g|png)$/i

/**
 * Checks a picked avatar before it is previewed or sent: JPEG/JPG/PNG by declared type and name, then at
 * most 5 MB. The server checks the bytes themselves; this only saves a pointless upload.
 */
export function validateAvatarFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!AVATAR_TYPES.has(file.type.toLowerCase()) || !AVATAR_EXTENSION.test(file.name))
    return SETTINGS_MESSAGES.avatarType
  if (file.size > AVATAR_MAX_BYTES) return SETTINGS_MESSAGES.avatarSize
  return null
}

export interface ProfileFormValues {
  username: string
  email: string
}

/** Field → message for the profile form; empty when it may be sent. Values are checked trimmed. */
export function validateProfileForm(
  values: ProfileFormValues,
): Partial<Record<keyof ProfileFormValues, string>> {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {}
  if (!values.username.trim()) errors.username = SETTINGS_MESSAGES.usernameRequired
  if (!values.email.trim()) errors.email = SETTINGS_MESSAGES.emailRequired
  return errors
}

export interface PasswordFormValues {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

/**
 * The first problem of the password form, in the seed's order: the current password is required, the new
 * passwords must match, then the new one needs at least 6 characters. Null when it may be sent.
 */
export function validatePasswordForm(
  values: PasswordFormValues,
): { field: keyof PasswordFormValues; message: string } | null {
  if (values.currentPassword === '')
    return { field: 'currentPassword', message: SETTINGS_MESSAGES.currentPasswordRequired }
  if (values.newPassword !== values.confirmPassword)
    return { field: 'confirmPassword', message: SETTINGS_MESSAGES.passwordMismatch }
  if (values.newPassword.length < MIN_PASSWORD_LENGTH)
    return { field: 'newPassword', message: SETTINGS_MESSAGES.passwordTooShort }
  return null
}

/** The server's refusals of the profile form, by field (username and email rules, taken names). */
export const PROFILE_FIELD_MESSAGES: FieldMessages<keyof ProfileFormValues> = {
  username: [ACCOUNT_MESSAGES.usernameRule, ACCOUNT_MESSAGES.usernameTaken],
  email: [ACCOUNT_MESSAGES.emailInvalid, ACCOUNT_MESSAGES.emailTaken],
}

/** The server's refusals of the password form, by field. */
export const PASSWORD_FIELD_MESSAGES: FieldMessages<keyof PasswordFormValues> = {
  currentPassword: [ACCOUNT_MESSAGES.currentPasswordIncorrect],
  newPassword: [ACCOUNT_MESSAGES.passwordTooShort, ACCOUNT_MESSAGES.passwordTooLong],
  confirmPassword: [],
}

/** The server's refusals of an avatar upload: of the file itself, or of the square framed in it. */
export const AVATAR_FIELD_MESSAGES: FieldMessages<'image' | 'crop'> = {
  image: [IMAGE_MESSAGES.invalidType, IMAGE_MESSAGES.tooLarge],
  crop: [AVATAR_CROP_INVALID],
}
