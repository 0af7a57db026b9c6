/** Field bounds the spec leaves open (spec §5 "not shown"); chosen in docs/decisions/002-auth-and-sessions.md. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 200;
export const EMAIL_MAX = 254;

/** Text bounds for register records (spec §9 leaves them open). */
export const NAME_MAX = 200;
export const CODE_MAX = 100;
export const SHORT_TEXT_MAX = 200;
export const NOTES_MAX = 5000;
/** customFields / metadata: at most this many name/value pairs, each name and value bounded. */
export const KEY_VALUE_MAX_ENTRIES = 50;
export const KEY_VALUE_NAME_MAX = 100;
export const KEY_VALUE_VALUE_MAX = 1000;
