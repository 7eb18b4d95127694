/** An import that cannot complete: its message names what is wrong; nothing is written. */
export class ImportError extends Error {}
