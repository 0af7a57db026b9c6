/** Field bounds the spec leaves open (spec §5 "not shown"); chosen in docs/decisions/002-auth-and-sessions.md. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 200;
export const EMAIL_MAX = 254;
