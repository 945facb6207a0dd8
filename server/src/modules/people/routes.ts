import type { FastifyRequest } from 'fastify'
import { Compile } from 'typebox/compile'
import { ErrorResponse } from '../../contract/common.ts'
import {
  AVATAR_CROP_INVALID,
  AVATAR_FORM_FIELDS,
  AVATAR_MAX_BYTES,
  AvatarCrop,
  IMAGE_MESSAGES,
  UpdateAvatarResponse,
  UpdateUserBody,
  UpdateUserResponse,
  UserProfile,
} from '../../contract/people.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import {
  BadRequestError,
  InvalidError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts'
import { UNSUPPORTED_IMAGE_MESSAGE } from '../../lib/images.ts'
import { asSeenByCaller, toProfileHeader } from '../accounts/presenter.ts'
import {
  CURRENT_PASSWORD_INCORRECT,
  changePassword,
  getProfile,
  setAvatar,
  updateProfile,
} from './service.ts'

export const AVATAR_TOO_LARGE = IMAGE_MESSAGES.tooLarge
export const AVATAR_FIELD_MISSING = 'Please choose an image to upload'

const errors = { 400: ErrorResponse, 401: ErrorResponse }

const checkAvatarCrop = Compile(AvatarCrop)
/** Digits only: `Number()` would also read ` 1`, `1e3`, `0x10` and `` (as 0). */
const WHOLE_NUMBER = /^\d{1,9}$/

/** The crop fields as sent: all three or none; anything else, or anything but digits, is a 422. */
function parseAvatarCrop(
  fields: Partial<Record<'cropX' | 'cropY' | 'cropSize', string>>,
): AvatarCrop | undefined {
  const { cropX, cropY, cropSize } = fields
  if (cropX === undefined && cropY === undefined && cropSize === undefined) return undefined
  const texts = [cropX, cropY, cropSize]
  if (!texts.every((text) => text !== undefined && WHOLE_NUMBER.test(text))) {
    throw new InvalidError(AVATAR_CROP_INVALID, 'crop')
  }
  const crop = { x: Number(cropX), y: Number(cropY), size: Number(cropSize) }
  if (!checkAvatarCrop.Check(crop)) throw new InvalidError(AVATAR_CROP_INVALID, 'crop')
  return crop
}

/**
 * Reads the avatar form: the `image` file (at most `AVATAR_MAX_BYTES`, else 413; missing: 400) and the
 * optional crop fields, in either order. Other file fields are drained, unknown text fields ignored.
 */
async function readAvatarForm(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; crop: AvatarCrop | undefined }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
  let bytes: Buffer | undefined
  const fields: Partial<Record<'cropX' | 'cropY' | 'cropSize', string>> = {}
  const cropFields = [AVATAR_FORM_FIELDS.cropX, AVATAR_FORM_FIELDS.cropY, AVATAR_FORM_FIELDS.cropSize]
  for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== AVATAR_FORM_FIELDS.image || bytes) {
        part.file.resume()
        continue
      }
      try {
        bytes = await part.toBuffer()
      } catch (error) {
        // Busboy stops at the limit and the plugin reports it; the user sees the spec's message.
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(AVATAR_TOO_LARGE)
        }
        throw error
      }
      if (part.file.truncated) throw new PayloadTooLargeError(AVATAR_TOO_LARGE)
    } else if (typeof part.value === 'string') {
      const name = cropFields.find((field) => field === part.fieldname)
      if (name) fields[name] = part.value
    }
  }
  if (!bytes) throw new BadRequestError(AVATAR_FIELD_MISSING)
  return { bytes, crop: parseAvatarCrop(fields) }
}

/** Wrong current passwords are counted like failed logins, with the login guard's budgets, per user. */
const passwordChange = (userId: string) => ({ kind: 'password-change', userId }) as const

/** The member's own profile, settings updates and avatar. */
export const peopleRoutes = modulePlugin('people', [AFTER_WRITES_PLUGIN], async (app) => {
  app.get(
    '/api/website/user/profile',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: { response: { 200: UserProfile, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request)
      return asSeenByCaller(await getProfile(app.db, auth.id), auth)
    },
  )

  app.put(
    '/api/users',
    {
      config: { access: 'member' },
      schema: {
        body: UpdateUserBody,
        response: {
          200: UpdateUserResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const body = request.body
      if ('username' in body) {
        const user = await updateProfile(
          {
            db: app.db,
            events: app.domainEvents,
            // A new address gets a verification link: as limited as a stranger's requests for one.
            beforeEmailChange: (email) => app.mailRequests.consume(request, email),
          },
          auth.id,
          body,
        )
        app.mailer.worker.poke()
        return toProfileHeader(user)
      }

      // Guessing the current password from a stolen session is limited like login guesses.
      await app.loginFailures.assertAllowed(request, passwordChange(auth.id))
      try {
        const user = await changePassword(
          { db: app.db, events: app.domainEvents },
          auth.id,
          body,
          auth.sessionId,
        )
        app.mailer.worker.poke()
        const token = app.issueToken(user)
        return { ...toProfileHeader(user), token: token.token, expiresAt: token.expiresAt.toISOString() }
      } catch (error) {
        if (error instanceof InvalidError && error.message === CURRENT_PASSWORD_INCORRECT) {
          await app.loginFailures.recordFailure(request, passwordChange(auth.id))
        }
        throw error
      }
    },
  )

  app.put(
    '/api/users/avatar',
    {
      config: { access: 'member' },
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          200: UpdateAvatarResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const form = await readAvatarForm(request)
      const user = await setAvatar(
        { db: app.db, files: app.files, events: app.domainEvents },
        auth.id,
        form.bytes,
        form.crop,
      )
      return toProfileHeader(user)
    },
  )
})
