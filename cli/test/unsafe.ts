/**
 * Characters that must never reach a terminal from server text: C0 controls but tab and line feed
 * (ESC among them), DEL, C1 controls, and bidi overrides and isolates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const UNSAFE_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
