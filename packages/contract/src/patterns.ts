// Plain patterns shared by the schemas, the server and the web (no zod here, so the web can use
// them without pulling in the schema library).

/** Mainland China mobile numbers, with an optional +86 / 86 prefix. */
export const mobilePattern = /^(?:\+?86)?1[3-9]\d{9}$/;
