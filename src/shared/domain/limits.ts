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
/**
 * customFields / metadata (spec §3 "json"): any JSON object, bounded so one record cannot grow without
 * limit. At most KEY_VALUE_MAX_ENTRIES top-level fields; every key (at any depth) at most
 * KEY_VALUE_NAME_MAX characters and every string at most KEY_VALUE_VALUE_MAX; objects and arrays nested
 * at most JSON_FIELD_MAX_DEPTH deep (the object itself is level 1); the whole at most
 * JSON_FIELD_MAX_BYTES as UTF-8 JSON text.
 */
export const KEY_VALUE_MAX_ENTRIES = 50;
export const KEY_VALUE_NAME_MAX = 100;
export const KEY_VALUE_VALUE_MAX = 1000;
export const JSON_FIELD_MAX_DEPTH = 8;
export const JSON_FIELD_MAX_BYTES = 16 * 1024;
