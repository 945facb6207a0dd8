import { type Static, Type } from 'typebox'

/** Every error the API answers: `error` is the HTTP reason phrase, `message` is for people. */
export const ErrorResponse = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  error: Type.String(),
  message: Type.String(),
})
export type ErrorResponse = Static<typeof ErrorResponse>

/** The access levels a route can declare; each level includes the ones before it. */
export const Access = Type.Union([
  Type.Literal('public'),
  Type.Literal('member'),
  Type.Literal('contributor'),
  Type.Literal('moderator'),
])
export type Access = Static<typeof Access>

/** A user's role. `contributor: true` in the API means contributor or moderator. */
export const Role = Type.Union([
  Type.Literal('member'),
  Type.Literal('contributor'),
  Type.Literal('moderator'),
])
export type Role = Static<typeof Role>

/** Tier badge names, lowest first (DESIGN §4). */
export const BadgeName = Type.Union([
  Type.Literal('Newbie'),
  Type.Literal('Explorer'),
  Type.Literal('Rising'),
  Type.Literal('Hot'),
  Type.Literal('Advanced'),
  Type.Literal('Pro'),
  Type.Literal('Expert'),
  Type.Literal('Legend'),
])
export type BadgeName = Static<typeof BadgeName>

/** UUIDs are the ids of every entity, sent as `_id` strings. */
export const Id = Type.String({ format: 'uuid' })
